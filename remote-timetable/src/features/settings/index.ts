// The settings feature's public face: other features read the organization's settings through here.
export { useSettings } from './api/get-settings';

// The accounts feature's public face: the staff, student and parent cards reset passwords through it.

export { OneTimePassword, type OneTimePasswordProps } from './ui/one-time-password';
export { ResetPasswordPanel } from './ui/reset-password-panel';

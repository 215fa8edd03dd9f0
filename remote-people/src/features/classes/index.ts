// The classes feature's public face for other features (the student form picks a class).
export { groupOptions } from './model/group-options';

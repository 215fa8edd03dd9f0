export { useRooms } from './api/get-rooms';
export { roomKindOptions } from './ui/room-form';

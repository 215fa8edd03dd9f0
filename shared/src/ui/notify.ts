import { notifications } from '@mantine/notifications';

/** Toasts (top-right, SPEC §9) with the product's colours. */
export const notify = {
  success: (message: string, title?: string) => notifications.show({ color: 'emerald', title, message }),
  error: (message: string, title = 'Ошибка') => notifications.show({ color: 'red', title, message }),
  info: (message: string, title?: string) => notifications.show({ color: 'sky', title, message }),
};

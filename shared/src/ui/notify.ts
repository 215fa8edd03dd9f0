import { notifications } from '@mantine/notifications';

/** A toast's close button is named, so a screen reader (and axe's button-name) says what it does. */
const closeButtonProps = { 'aria-label': 'Закрыть уведомление' };

/** Toasts (top-right, SPEC §9) with the product's colours. */
export const notify = {
  success: (message: string, title?: string) =>
    notifications.show({ color: 'emerald', title, message, closeButtonProps }),
  error: (message: string, title = 'Ошибка') =>
    notifications.show({ color: 'red', title, message, closeButtonProps }),
  info: (message: string, title?: string) =>
    notifications.show({ color: 'sky', title, message, closeButtonProps }),
};

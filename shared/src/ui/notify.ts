import type { NotificationData } from '@mantine/notifications';

/** A toast's close button is named, so a screen reader (and axe's button-name) says what it does. */
const closeButtonProps = { 'aria-label': 'Закрыть уведомление' };

/**
 * @mantine/notifications loads with the page's first toast, not with the start (no first screen
 * shows one): its store keeps what is shown until the container (`LazyToasts`, app-providers.tsx)
 * draws it. The container is asked for here, the first time a toast is.
 */
let toastsWanted = false;
const listeners = new Set<() => void>();

/** For `useSyncExternalStore`: whether a toast was ever asked for on this page. */
export const toastRequests = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: (): boolean => toastsWanted,
};

function show(data: NotificationData): void {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    // The position is the container's (top-right, SPEC §9) even before the container has mounted.
    notifications.show({ position: 'top-right', closeButtonProps, ...data }),
  );
}

/** Toasts (top-right, SPEC §9) with the product's colours. */
export const notify = {
  success: (message: string, title?: string) => show({ color: 'emerald', title, message }),
  error: (message: string, title = 'Ошибка') => show({ color: 'red', title, message }),
  info: (message: string, title?: string) => show({ color: 'sky', title, message }),
};

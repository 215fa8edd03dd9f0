import {
  apiGet,
  apiPost,
  currentPushSubscription,
  dropPushSubscription,
  PUSH_SUBSCRIPTIONS_PATH,
  queryKeys,
} from '@parta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * Web Push on this device (issue 38): whether the browser can, the subscription through the app's
 * service worker, and turning it on and off. The server keeps one subscription per device.
 */

/** `ios-home-screen`: an iPhone/iPad browser tab — push works only from the app added to the home screen (iOS 16.4+). */
export type PushSupport = 'supported' | 'ios-home-screen' | 'unsupported';

export function isAppleMobile(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

export function pushSupport(): PushSupport {
  const can =
    'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';
  if (can) return 'supported';
  return isAppleMobile() ? 'ios-home-screen' : 'unsupported';
}

/** A failure the screen tells as it is (Russian). */
export class PushSetupError extends Error {}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
};

/** The app's service worker once it is active (none in a development build: an error says so). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration)
    throw new PushSetupError(
      'Приложение ещё не установлено в браузере. Обновите страницу и попробуйте снова.',
    );
  return navigator.serviceWorker.ready;
}

/** Asks for permission, subscribes through the service worker with the server's key and tells the server. */
export async function enablePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied')
    throw new PushSetupError(
      'Уведомления для Парты запрещены в настройках браузера. Разрешите их для этого сайта и попробуйте снова.',
    );
  if (permission !== 'granted') throw new PushSetupError('Браузер не получил разрешения на уведомления.');
  const registration = await activeRegistration();
  const { public_key } = await apiGet<{ public_key: string }>('/notifications/push/key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    }));
  await apiPost(PUSH_SUBSCRIPTIONS_PATH, subscription.toJSON());
}

/** This browser's subscription endpoint, or null (no push here). */
export function usePushDevice() {
  return useQuery({
    queryKey: queryKeys.notifications.pushDevice,
    queryFn: async () => (await currentPushSubscription())?.endpoint ?? null,
    enabled: pushSupport() === 'supported',
  });
}

/** Turns push on or off on this device; the device count of the preferences follows. */
export function useDevicePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : dropPushSubscription()),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.pushDevice }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.preferences }),
      ]),
  });
}

import {
  apiGet,
  apiPost,
  currentPushSubscription,
  dropPushSubscription,
  getErrorMessage,
  getErrorStatus,
  getFieldErrors,
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

/** A failure the screen tells as it is (Russian): what went wrong and what to do. */
export class PushSetupError extends Error {}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
};

export const PUSH_DENIED =
  'Уведомления для Парты запрещены в настройках браузера. Разрешите их для этого сайта (значок слева от адреса → «Уведомления» → «Разрешить») и нажмите «Включить» снова.';
export const PUSH_IOS_HOME_SCREEN =
  'На iPhone и iPad push работает только в Парте, добавленной на экран «Домой»: в Safari нажмите «Поделиться» → «На экран „Домой“», откройте Парту оттуда и включите push (нужна iOS 16.4 или новее).';
export const PUSH_NO_SERVICE =
  'Браузер не смог подключиться к своей службе push. Так бывает в браузерах без служб Google или Apple (Chromium, Brave с выключенными сервисами Google, режим инкогнито) и в сетях, где они закрыты. Откройте Парту в Chrome, Edge, Firefox или Safari, проверьте сеть и попробуйте снова; в приложении уведомления видны всегда.';
export const PUSH_UNSUPPORTED =
  'В этом браузере нет push-уведомлений. Откройте Парту в Chrome, Edge, Firefox или Safari; в приложении уведомления видны всегда.';

const domName = (error: unknown) =>
  typeof DOMException !== 'undefined' && error instanceof DOMException ? error.name : undefined;

/** Why the browser refused `pushManager.subscribe`, in words a person can act on. */
export function subscribeFailureMessage(error: unknown): string {
  const name = domName(error);
  if (name === 'NotAllowedError') return PUSH_DENIED;
  if (isAppleMobile() && !window.matchMedia?.('(display-mode: standalone)').matches)
    return PUSH_IOS_HOME_SCREEN;
  if (name === 'NotSupportedError') return PUSH_UNSUPPORTED;
  return PUSH_NO_SERVICE; // AbortError «push service error», InvalidStateError, a network failure
}

/** Why the server refused the subscription (its Russian reason), and what to do. */
export function serverRefusalMessage(error: unknown): string {
  const status = getErrorStatus(error);
  if (status === 422) {
    const reason = getFieldErrors(error).endpoint ?? getErrorMessage(error);
    return `Сервер Парты не принял адрес службы push этого браузера: ${reason.replace(/\.$/, '')}. Откройте Парту в Chrome, Edge, Firefox или Safari; если школа пользуется своей службой push, её адрес добавляет администратор сервера.`;
  }
  if (status === 409)
    return 'Это устройство получает push другого пользователя Парты. Пусть он выключит push на этом устройстве или выйдет из Парты, затем включите push снова.';
  return `Сервер не сохранил подписку: ${getErrorMessage(error)}`;
}

/** The app's service worker once it is active (none in a development build: an error says so). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration)
    throw new PushSetupError(
      'Приложение ещё не установлено в браузере. Обновите страницу и попробуйте снова.',
    );
  return navigator.serviceWorker.ready;
}

async function subscribeDevice(registration: ServiceWorkerRegistration, publicKey: string) {
  try {
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch (error) {
    throw new PushSetupError(subscribeFailureMessage(error));
  }
}

/**
 * Asks for permission, subscribes through the service worker with the server's key and tells the
 * server; each step that fails says why and what to do. A subscription the server says belongs to
 * another user (409: someone else turned push on in this browser and never signed out) is dropped
 * and made anew, so this browser's new endpoint is the signed-in user's own.
 */
export async function enablePush(): Promise<void> {
  if (pushSupport() === 'ios-home-screen') throw new PushSetupError(PUSH_IOS_HOME_SCREEN);
  if (pushSupport() === 'unsupported') throw new PushSetupError(PUSH_UNSUPPORTED);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError(PUSH_DENIED);
  if (permission !== 'granted')
    throw new PushSetupError(
      'Браузер не получил разрешения на уведомления: запрос был закрыт. Нажмите «Включить» снова и выберите «Разрешить».',
    );
  const registration = await activeRegistration();
  let publicKey: string;
  try {
    ({ public_key: publicKey } = await apiGet<{ public_key: string }>('/notifications/push/key'));
  } catch (error) {
    throw new PushSetupError(`Не удалось получить ключ сервера: ${getErrorMessage(error)}`);
  }
  let subscription =
    (await registration.pushManager.getSubscription()) ?? (await subscribeDevice(registration, publicKey));
  for (let attempt = 0; ; attempt += 1) {
    try {
      await apiPost(PUSH_SUBSCRIPTIONS_PATH, subscription.toJSON());
      return;
    } catch (error) {
      if (getErrorStatus(error) !== 409 || attempt > 0) {
        // A subscription the server will not push to is no use here: the screen says «выключены».
        if (getErrorStatus(error) === 422 || getErrorStatus(error) === 409)
          await subscription.unsubscribe().catch(() => undefined);
        throw new PushSetupError(serverRefusalMessage(error));
      }
      await subscription.unsubscribe().catch(() => undefined);
      subscription = await subscribeDevice(registration, publicKey);
    }
  }
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

import { apiClient } from './api-client';

/** The path of this device's push subscription on the server (issue 38). */
export const PUSH_SUBSCRIPTIONS_PATH = '/notifications/push/subscriptions';

/** This browser's push subscription (through the app's service worker), or null. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    typeof PushManager === 'undefined'
  )
    return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * This device stops receiving the signed-in user's pushes: the server forgets the subscription and
 * the browser drops it. Done before signing out, so the next person on this browser gets none of
 * the last one's notices. Never throws: a missing subscription or network is no reason to stay signed in.
 */
export async function dropPushSubscription(): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await apiClient
      .delete(PUSH_SUBSCRIPTIONS_PATH, { data: { endpoint: subscription.endpoint } })
      .catch(() => undefined);
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('Подписка на push не удалена:', error);
  }
}

import type { PushSubscriptionInput } from '@parta/shared/domain/contracts/notifications';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable } from '../../plugins/errors';
import { deleteOwnSubscription, upsertSubscription } from './push.repository';
import { checkPushEndpoint, PushAddressError, type PushAddressSettings } from './push-address';

/** 409 to a user posting an endpoint another user's device subscription holds (issue 48). */
export const PUSH_DEVICE_TAKEN =
  'Этот адрес push уже принадлежит другому пользователю Парты. Подписку можно оформить только заново на своём устройстве';

/**
 * This device receives the caller's pushes (what `PushSubscription.toJSON()` gave the page), once
 * the endpoint passed the address guard (push-address.ts: a known push service, public addresses
 * only; 422). An endpoint is bound to the user who subscribed it until they remove it or the push
 * service says it is gone: another user posting it gets 409 and the subscription stays with its
 * owner (a pupil who learnt a parent's endpoint cannot silence the parent's pushes). A browser
 * signed in as someone else makes a new subscription (a new endpoint) instead, as the client does.
 */
export async function subscribePush(
  db: Database,
  actor: Actor,
  settings: PushAddressSettings,
  input: PushSubscriptionInput,
) {
  try {
    await checkPushEndpoint(input.endpoint, settings);
  } catch (error) {
    if (error instanceof PushAddressError) throw unprocessable(error.message, { endpoint: [error.message] });
    throw error;
  }
  const saved = await upsertSubscription(db, {
    userId: actor.userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
  if (!saved) throw conflict(PUSH_DEVICE_TAKEN);
  return saved;
}

/** This device no longer receives the caller's pushes (turned off, or signing out); another user's: 404. */
export async function unsubscribePush(db: Database, actor: Actor, endpoint: string) {
  if (!(await deleteOwnSubscription(db, actor.userId, endpoint)))
    throw notFound('Подписка на этом устройстве не найдена');
}

import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { Database } from '../../db/client';
import type { Queue } from '../../queue/queue';
import {
  type Channel,
  ChannelError,
  type DeliveryJob,
  type OutgoingNotification,
  outgoingOf,
  queueDelivery,
  versionOf,
} from './channels';
import { claimDelivery, releaseDelivery } from './delivery.repository';
import { keepFailedDelivery, refusedReason } from './delivery-failures';
import {
  deleteSubscription,
  findPushKeys,
  findPushNotice,
  findSubscriptions,
  hasSubscription,
  insertPushKeys,
  pushedTo,
  recordPushed,
} from './push.repository';
import { allowedHostsFromEnv, PushAddressError, type PushAddressSettings, postPush } from './push-address';

/** The job that pushes one notice to a user's devices (the push reads the notice as it is then). */
export const PUSH_JOB = 'notify-push';
export type PushJob = DeliveryJob;

/**
 * How long a push service keeps a push for a device that is off (RFC 8030 TTL): a day — a notice
 * older than that is in the bell, and a phone that wakes up next week needs no yesterday's alert.
 */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push's body is cut to this many characters: a push service takes at most 4 KB encrypted. */
const PUSH_BODY_CHARS = 1000;

/**
 * Web Push settings from the environment (README «Переменные окружения»): the VAPID subject (a
 * contact the push services may write to) and whether plain-http push endpoints are accepted —
 * only for tests that stand up their own push service; a browser's is always https.
 */
export interface PushSettings extends PushAddressSettings {
  subject: string;
  allowHttp: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSettings;
  }
}

export function pushFromEnv(env: NodeJS.ProcessEnv): PushSettings {
  const publicUrl = env.PARTA_PUBLIC_URL?.trim().replace(/\/+$/, '');
  const subject =
    env.PUSH_SUBJECT?.trim() ||
    (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:noreply@parta.invalid');
  return {
    subject,
    allowHttp: env.PUSH_ALLOW_HTTP === '1' || env.PUSH_ALLOW_HTTP === 'true',
    allowedHosts: allowedHostsFromEnv(env.PUSH_ALLOWED_HOSTS),
  };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The server's VAPID keys: made on the first start and kept in the database (one row, same for every instance). */
export async function ensureVapidKeys(db: Database): Promise<VapidKeys> {
  const found = await findPushKeys(db);
  if (found) return { publicKey: found.publicKey, privateKey: found.privateKey };
  await insertPushKeys(db, webpush.generateVAPIDKeys());
  const kept = await findPushKeys(db);
  if (!kept) throw new Error('VAPID keys were not kept');
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}

/**
 * The Topic header (RFC 8030 §5.4) of a notice: a push still waiting at the push service is
 * replaced by a later one of the same topic (a changed mark replaces the pending alert). At most 32
 * characters of the URL-safe base64 alphabet, so a digest of the dedupe key.
 */
export const topicOf = (dedupeKey: string) =>
  createHash('sha256').update(dedupeKey).digest('base64url').slice(0, 32);

/** What the service worker receives (decrypted): it shows `title` and `body`, a click opens `url`. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** The notification's tag: a later push of the same notice replaces the one on the screen. */
  tag: string;
}

export function payloadOf(notice: OutgoingNotification): PushPayload {
  const body =
    notice.body.length > PUSH_BODY_CHARS ? `${notice.body.slice(0, PUSH_BODY_CHARS - 1)}…` : notice.body;
  return { title: notice.title, body, url: notice.link ?? '/', tag: topicOf(notice.dedupeKey) };
}

/** What a push service's answer means (RFC 8030, RFC 8292): gone, passing, or never going to work. */
export function pushFailureOf(status: number): 'unsubscribe' | 'retry' | 'drop' {
  if (status === 404 || status === 410) return 'unsubscribe';
  if (status === 429 || status >= 500) return 'retry';
  return 'drop';
}

/**
 * Web Push as a channel of the fan-out: a notice for a user with a subscribed device becomes a job
 * that pushes it — at once, or when the school's quiet hours end (the bell's row is written at once).
 */
export function pushChannel(db: Database, queue: Queue): Channel {
  return {
    name: 'push',
    async send(notification, recipient) {
      if (!(await hasSubscription(db, recipient.userId))) return;
      await queueDelivery(db, queue, PUSH_JOB, notification, recipient);
    },
  };
}

/**
 * Pushes one notice, as it is now, to every device of the user that has not had this version yet
 * (unless the user turned push off for its category): encrypted (aes128gcm) and signed (VAPID) by
 * `web-push`, with an explicit TTL and the notice's topic. What a push service accepted is recorded
 * (a retried job pushes nothing twice); a device the service says is gone (404/410) is forgotten;
 * a passing failure is thrown after the other devices were served, so the queue offers the job again.
 */
export async function sendPushNotice(
  db: Database,
  settings: PushSettings,
  job: PushJob,
  log: (message: string) => void,
): Promise<void> {
  const row = await findPushNotice(db, job.userId, job.dedupeKey);
  if (!row || row.push === false) return;
  const notice = outgoingOf(row, job.dedupeKey);
  const version = versionOf(notice);
  const subscriptions = await findSubscriptions(db, job.userId);
  const done = await pushedTo(
    db,
    subscriptions.map((subscription) => subscription.id),
    job.dedupeKey,
    version,
  );
  const keys = await ensureVapidKeys(db);
  const payload = JSON.stringify(payloadOf(notice));
  let retry: unknown;
  for (const subscription of subscriptions) {
    if (done.has(subscription.id)) continue;
    // Exactly once per device, however many jobs or instances race (see `sendEmailNotice`).
    const claim = { channel: 'push', target: subscription.id, dedupeKey: job.dedupeKey, version } as const;
    if (!(await claimDelivery(db, claim))) {
      retry ??= new ChannelError('push этой версии уже отправляется другим заданием', 'retry');
      continue;
    }
    try {
      if ((await pushedTo(db, [subscription.id], job.dedupeKey, version)).size > 0) continue;
      const failure = await pushTo(subscription, payload, job.dedupeKey, settings, keys);
      if (failure === null) {
        await recordPushed(db, subscription.id, job.dedupeKey, version);
        continue;
      }
      if (failure.kind === 'retry') {
        retry ??= new ChannelError(failure.detail, 'retry');
        continue;
      }
      if (failure.kind === 'unsubscribe') await deleteSubscription(db, subscription.id);
      await keepFailedDelivery(
        db,
        'push',
        job.userId,
        job.dedupeKey,
        refusedReason('push', failure.detail, failure.kind === 'unsubscribe'),
      );
      log(
        `Push пользователю ${job.userId} не доставлен (${failure.detail}${failure.kind === 'unsubscribe' ? ', подписка удалена' : ''})`,
      );
    } finally {
      await releaseDelivery(db, claim);
    }
  }
  if (retry) throw retry;
}

/** What one push to one device came to: null — accepted; otherwise what the failure means. */
type PushFailure = { kind: 'retry' | 'drop' | 'unsubscribe'; detail: string } | null;

/** Encrypts, signs and POSTs one push to one device's push service. */
async function pushTo(
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  dedupeKey: string,
  settings: PushSettings,
  keys: VapidKeys,
): Promise<PushFailure> {
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: { subject: settings.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      topic: topicOf(dedupeKey),
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = { ...(request.headers as Record<string, string>) };
  delete headers['Content-Length'];
  let status: number;
  try {
    status = await postPush(
      request.endpoint,
      { method: request.method, headers, body: request.body },
      settings,
    );
  } catch (error) {
    // An endpoint into our own network (kept from before the guard, or a name rebound since): never called.
    if (error instanceof PushAddressError) return { kind: 'unsubscribe', detail: error.message };
    return { kind: 'retry', detail: `push service unreachable: ${String(error)}` };
  }
  if (status >= 200 && status < 300) return null;
  return { kind: pushFailureOf(status), detail: `ответ ${status}` };
}

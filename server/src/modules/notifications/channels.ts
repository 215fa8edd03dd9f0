import { createHash } from 'node:crypto';
import type { NotificationCategory } from '@parta/shared/domain/contracts/notifications';
import type { Database } from '../../db/client';
import type { Notice } from '../../queue/events';
import type { Queue } from '../../queue/queue';
import { schoolTime } from '../clock/clock.service';
import { readSchoolSettings } from '../settings/school-settings.service';
import { upsertNotification } from './notifications.repository';

/** What one notification says, before it is addressed to anyone (a domain event's `Notice`). */
export type OutgoingNotification = Notice;

/** A stored notification's row (the bell's), as a channel that delivers it later sends it. */
export function outgoingOf(
  row: {
    organization_id: number;
    category: NotificationCategory;
    title: string;
    body: string;
    link: string | null;
  },
  dedupeKey: string,
): OutgoingNotification {
  return {
    organizationId: row.organization_id,
    category: row.category,
    title: row.title,
    body: row.body,
    link: row.link,
    dedupeKey,
  };
}

export interface Recipient {
  userId: number;
}

/**
 * What a failed delivery means, so the fan-out needs no knowledge of a channel's service:
 * `retry` — a passing failure (the job is offered again with backoff); `drop` — this message will
 * never go through (logged, the others still go); `unsubscribe` — the address is gone for good
 * (the channel forgets it, e.g. a push subscription answered 404/410).
 */
export type DeliveryFailure = 'retry' | 'drop' | 'unsubscribe';

export class ChannelError extends Error {
  constructor(
    message: string,
    readonly failure: DeliveryFailure,
  ) {
    super(message);
  }
}

/**
 * A way to reach a user (the app's bell; later Web Push, e-mail, a messenger). `send` is idempotent
 * for one `dedupeKey`: a retried job never shows a message twice. It throws `ChannelError` to say
 * what a failure means; any other error counts as `retry`.
 */
export interface Channel {
  readonly name: string;
  send(notification: OutgoingNotification, recipient: Recipient): Promise<void>;
}

/** The bell: the row in `notifications` is the delivery; every notification goes here whatever else is on. */
export function inAppChannel(db: Database): Channel {
  return {
    name: 'app',
    send: (notification, recipient) => upsertNotification(db, { ...notification, userId: recipient.userId }),
  };
}

/**
 * Sends to every recipient on every channel. A `drop` or `unsubscribe` failure is logged and the
 * rest go on; a `retry` failure is thrown after the others were tried, so the queue offers the job
 * again — and the channels that succeeded, being idempotent, change nothing the second time.
 */
export async function deliver(
  channels: readonly Channel[],
  notification: OutgoingNotification,
  recipients: readonly Recipient[],
  log: (message: string) => void,
): Promise<void> {
  let retry: unknown;
  for (const recipient of recipients) {
    for (const channel of channels) {
      try {
        await channel.send(notification, recipient);
      } catch (error) {
        const failure = error instanceof ChannelError ? error.failure : 'retry';
        if (failure === 'retry') retry ??= error;
        else
          log(
            `Уведомление (${channel.name}) пользователю ${recipient.userId} не доставлено: ${String(error)}`,
          );
      }
    }
  }
  if (retry) throw retry;
}

/**
 * Seconds from `now` (`HH:MM`, school time) until the school's quiet hours end, or 0 outside them.
 * `from` = `to` means no quiet hours; `from` > `to` spans midnight (21–8: 21:00 … 07:59).
 */
export function quietDelaySeconds(now: string, from: number, to: number): number {
  if (from === to) return 0;
  const [hour, minute] = now.split(':').map(Number);
  const quiet = from < to ? hour >= from && hour < to : hour >= from || hour < to;
  if (!quiet) return 0;
  const minutes = (((to * 60 - (hour * 60 + minute)) % 1440) + 1440) % 1440;
  return minutes * 60;
}

/** What version of a notice a letter told: a changed notice is a new letter, the same one never twice. */
export function versionOf(notice: { title: string; body: string }): string {
  return createHash('sha256').update(`${notice.title}\n${notice.body}`).digest('base64url').slice(0, 22);
}

/** A channel's job: deliver the stored notice `dedupeKey` to one user. */
export interface DeliveryJob {
  userId: number;
  dedupeKey: string;
}

/**
 * Queues the channel job `jobName` that delivers `notification` to `recipient`: at once, or when
 * the school's quiet hours end (the bell's row is written at once all the same).
 */
export async function queueDelivery(
  db: Database,
  queue: Queue,
  jobName: string,
  notification: OutgoingNotification,
  recipient: Recipient,
): Promise<void> {
  const settings = await readSchoolSettings(db, notification.organizationId);
  const delay = quietDelaySeconds(schoolTime(), settings.quiet_hours_from, settings.quiet_hours_to);
  await queue.send(
    db,
    jobName,
    { userId: recipient.userId, dedupeKey: notification.dedupeKey } satisfies DeliveryJob,
    { startAfterSeconds: delay },
  );
}

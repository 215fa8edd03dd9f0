import type { Notification, NotificationList } from '@parta/shared/domain/contracts/notifications';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import type { NoticeOwed } from '../../queue/events';
import type { Queue } from '../../queue/queue';
import { type Channel, inAppChannel } from './channels';
import { emailChannel } from './email-channel';
import type { Mailer } from './mailer';
import {
  countUnread,
  deleteDeliveriesOlderThan,
  deleteOlderThan,
  findOne,
  findOwn,
  markAllRead,
  markRead,
} from './notifications.repository';
import { deletePushDeliveriesOlderThan } from './push.repository';
import { pushChannel } from './push-channel';

/**
 * The bell (issue 38): the caller's own notifications, read marks, the clean-up, and the channels
 * every notice goes to. What is told when lives beside: absence-, lesson-, final-mark-notices and
 * digests; the jobs and the events they follow in notifications.jobs.ts.
 */

/** Notifications are kept this long (issue 38), then the clean-up removes them. */
export const RETENTION_DAYS = 90;
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
export const NOTICE_JOB = 'notify-one';

const NOTIFICATION_NOT_FOUND = 'Уведомление не найдено';

/** The caller's own notifications, the latest changed first, with how many are unread. */
export async function listNotifications(
  db: Database,
  actor: Actor,
  limit: number,
): Promise<NotificationList> {
  const [data, unread] = await Promise.all([findOwn(db, actor.userId, limit), countUnread(db, actor.userId)]);
  return { data, meta: { unread } };
}

export async function unreadCount(db: Database, actor: Actor) {
  return { unread: await countUnread(db, actor.userId) };
}

/** Marks one of the caller's notifications read; another user's answers 404, as a missing one. */
export async function readNotification(db: Database, actor: Actor, id: number): Promise<Notification> {
  if (!(await markRead(db, actor.userId, id))) throw notFound(NOTIFICATION_NOT_FOUND);
  const row = await findOne(db, actor.userId, id);
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return row;
}

export async function readAllNotifications(db: Database, actor: Actor) {
  await markAllRead(db, actor.userId);
  return unreadCount(db, actor);
}

export async function cleanUpNotifications(db: Database) {
  await deleteOlderThan(db, RETENTION_DAYS);
  await deleteDeliveriesOlderThan(db, RETENTION_DAYS);
  await deletePushDeliveriesOlderThan(db, RETENTION_DAYS);
}

/**
 * The channels every notice goes to: the bell always; push to the devices a user subscribed; e-mail
 * when the server has SMTP (each user's choices, devices and address decide then, in the channel).
 * Jobs take their channels from here.
 */
export function channelsOf(db: Database, queue: Queue, mailer: Mailer | null): Channel[] {
  const channels = [inAppChannel(db), pushChannel(db, queue)];
  return mailer ? [...channels, emailChannel(db, queue)] : channels;
}

/** A job of NOTICE_JOB: a notice another module composed for one person (the event `notice.owed`). */
export type NoticeJob = NoticeOwed;

/** A notice for one person, owed once the caller's change holds; never to whoever made the change. */
export async function noticeOwed(db: Database, queue: Queue, job: NoticeJob): Promise<void> {
  if (job.userId === job.actorId) return;
  await queue.send(db, NOTICE_JOB, job);
}

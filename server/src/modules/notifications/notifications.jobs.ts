import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { JobKind, Queue, RetryPolicy } from '../../queue/queue';
import { ABSENCE_JOB, type AbsenceJob, absencesEntered, notifyAbsence } from './absence-notices.service';
import { type Channel, deliver } from './channels';
import { cleanUpDeliveryFailures, keepFailedDelivery, retriesSpentReason } from './delivery-failures';
import {
  DIGEST_TICK_MS,
  digestTick,
  MARKS_DIGEST_JOB,
  type MarksDigestJob,
  notifyMarksDigest,
} from './digests.service';
import { EMAIL_JOB, type EmailJob, sendEmailNotice } from './email-channel';
import {
  FINAL_MARK_JOB,
  type FinalMarkJob,
  finalMarksChanged,
  notifyFinalMark,
} from './final-mark-notices.service';
import { MARKS_INSTANT_JOB, marksSaved } from './instant-marks.service';
import {
  LESSON_CHANGE_JOB,
  type LessonChangeJob,
  lessonChanged,
  notifyLessonChange,
} from './lesson-notices.service';
import { type Mailer, mailerOf } from './mailer';
import {
  CLEANUP_INTERVAL_MS,
  channelsOf,
  cleanUpNotifications,
  NOTICE_JOB,
  type NoticeJob,
  noticeOwed,
  RETENTION_DAYS,
} from './notifications.service';
import { PUSH_JOB, type PushJob, type PushSettings, sendPushNotice } from './push-channel';
import { notifyWarnings, WARNINGS_JOB, type WarningsJob } from './warnings.service';

/**
 * The notifications' background work (docs/areas/notifications.md), collected by modules/index.ts:
 * the job kinds with their retry policies, the domain events the module follows (`queue/events.ts`:
 * each queues its job in the writer's transaction) and the periodic ticks.
 */

/**
 * The policy of every delivery (letters, pushes, the notices they come from): 12 retries from 30 s
 * on, doubling — the last attempt comes 34 to 68 hours after the first, so a mail server or push
 * service down for a night and a day still gets its letters.
 */
export const DELIVERY_RETRY: RetryPolicy = { limit: 12, delaySeconds: 30 };

export function absenceJob(
  db: Database,
  log: (message: string) => void,
  channels: readonly Channel[],
): JobKind<AbsenceJob> {
  return {
    name: ABSENCE_JOB,
    concurrency: 1,
    expireInSeconds: 60,
    retry: DELIVERY_RETRY,
    run: (data) => notifyAbsence(db, data, log, channels),
  };
}

export function lessonChangeJob(
  db: Database,
  log: (message: string) => void,
  channels: readonly Channel[],
): JobKind<LessonChangeJob> {
  return {
    name: LESSON_CHANGE_JOB,
    concurrency: 1,
    expireInSeconds: 60,
    retry: DELIVERY_RETRY,
    run: (data) => notifyLessonChange(db, data, log, channels),
  };
}

export function finalMarkJob(
  db: Database,
  log: (message: string) => void,
  channels: readonly Channel[],
): JobKind<FinalMarkJob> {
  return {
    name: FINAL_MARK_JOB,
    concurrency: 1,
    expireInSeconds: 60,
    retry: DELIVERY_RETRY,
    run: (data) => notifyFinalMark(db, data, log, channels),
  };
}

export function noticeJob(log: (message: string) => void, channels: readonly Channel[]): JobKind<NoticeJob> {
  return {
    name: NOTICE_JOB,
    concurrency: 1,
    expireInSeconds: 60,
    retry: DELIVERY_RETRY,
    run: (data) => deliver(channels, data.notice, [{ userId: data.userId }], log),
  };
}

export function marksDigestJob(
  db: Database,
  log: (message: string) => void,
  channels: readonly Channel[],
): JobKind<MarksDigestJob> {
  return {
    name: MARKS_DIGEST_JOB,
    concurrency: 1,
    expireInSeconds: 300,
    retryLimit: 3,
    run: (data) => notifyMarksDigest(db, data, log, channels),
  };
}

export function marksInstantJob(
  db: Database,
  log: (message: string) => void,
  channels: readonly Channel[],
): JobKind<MarksDigestJob> {
  return {
    name: MARKS_INSTANT_JOB,
    policy: 'short',
    concurrency: 1,
    expireInSeconds: 300,
    retry: DELIVERY_RETRY,
    run: (data) => notifyMarksDigest(db, { ...data, instantOnly: true }, log, channels),
  };
}

export function warningsJob(
  db: Database,
  log: (message: string) => void,
  channels: readonly Channel[],
): JobKind<WarningsJob> {
  return {
    name: WARNINGS_JOB,
    concurrency: 1,
    expireInSeconds: 300,
    retryLimit: 3,
    run: (data) => notifyWarnings(db, data, log, channels),
  };
}

export function emailJob(db: Database, mailer: Mailer, log: (message: string) => void): JobKind<EmailJob> {
  return {
    name: EMAIL_JOB,
    concurrency: 2,
    expireInSeconds: 120,
    retry: DELIVERY_RETRY,
    run: (data) => sendEmailNotice(db, mailer, data, log),
    failedForGood: (data, error) =>
      keepFailedDelivery(db, 'email', data.userId, data.dedupeKey, retriesSpentReason('email', error)),
  };
}

export function pushJob(
  db: Database,
  settings: PushSettings,
  log: (message: string) => void,
): JobKind<PushJob> {
  return {
    name: PUSH_JOB,
    concurrency: 2,
    expireInSeconds: 120,
    retry: DELIVERY_RETRY,
    run: (data) => sendPushNotice(db, settings, data, log),
    failedForGood: (data, error) =>
      keepFailedDelivery(db, 'push', data.userId, data.dedupeKey, retriesSpentReason('push', error)),
  };
}

/** The domain events the notices follow: each queues its job on the writer's `db` (its transaction). */
export function subscribeNotices(queue: Queue): void {
  queue.on('journal.absences-recorded', (db, event) => absencesEntered(db, queue, event.absences));
  queue.on('journal.marks-saved', (db, event) => marksSaved(db, queue, event.organizationId));
  queue.on('journal.final-marks-changed', (db, event) => finalMarksChanged(db, queue, event.changes));
  queue.on('timetable.lesson-changed', (db, event) => lessonChanged(db, queue, event.change, event.date));
  queue.on('notice.owed', (db, event) => noticeOwed(db, queue, event));
}

/** Registers the module's job kinds, event subscriptions and ticks on `app.queue` (before it starts). */
export async function notificationsJobs(app: FastifyInstance): Promise<void> {
  const log = (message: string) => app.log.warn(message);
  // E-mail only with SMTP settings (app.smtp from the environment); without them the bell alone.
  const mailer = app.smtp ? mailerOf(app.smtp) : null;
  const channels = channelsOf(app.db, app.queue, mailer);
  app.queue.register(absenceJob(app.db, log, channels));
  app.queue.register(lessonChangeJob(app.db, log, channels));
  app.queue.register(finalMarkJob(app.db, log, channels));
  app.queue.register(marksDigestJob(app.db, log, channels));
  app.queue.register(marksInstantJob(app.db, log, channels));
  app.queue.register(noticeJob(log, channels));
  app.queue.register(warningsJob(app.db, log, channels));
  if (mailer) app.queue.register(emailJob(app.db, mailer, log));
  app.queue.register(pushJob(app.db, app.push, log));
  subscribeNotices(app.queue);
  app.queue.every(DIGEST_TICK_MS, () => digestTick(app.db, app.queue));
  app.queue.every(CLEANUP_INTERVAL_MS, () => cleanUpNotifications(app.db));
  app.queue.every(CLEANUP_INTERVAL_MS, () => cleanUpDeliveryFailures(app.db, RETENTION_DAYS));
}

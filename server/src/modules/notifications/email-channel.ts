import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  NOTIFICATION_CATEGORY_LABELS,
  type NotificationCategory,
} from '@parta/shared/domain/contracts/notifications';
import type { Database } from '../../db/client';
import type { Queue } from '../../queue/queue';
import { readSchoolSettings } from '../settings/school-settings.service';
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
import type { Letter, Mailer } from './mailer';
import { findLetterOf, recordSent, wasSent } from './notifications.repository';
import { deleteEmail, findEmail } from './preferences.repository';

/** The job that sends one notice by e-mail: a user and the notice's dedupe key (the letter reads the notice as it is then). */
export const EMAIL_JOB = 'notify-email';
export type EmailJob = DeliveryJob;

/** The path of the user's notification settings in the app (the host's «Уведомления» screen). */
export const SETTINGS_PATH = '/notifications/settings';
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/** The signature of a one-click unsubscribe link: the user's address key signs user and category. */
function signature(key: string, userId: number, category: NotificationCategory) {
  return createHmac('sha256', key).update(`${userId}:${category}`).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(userId: number, category: NotificationCategory, key: string): string {
  return `${userId}.${category}.${signature(key, userId, category)}`;
}

/** The user and category an unsubscribe token names, when `key` signed it. */
export function verifyUnsubscribeToken(
  token: string,
  keyOf: (userId: number) => Promise<string | undefined>,
): Promise<{ userId: number; category: NotificationCategory } | null> {
  const [id, category, signed] = token.split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !signed || !(category in NOTIFICATION_CATEGORY_LABELS))
    return Promise.resolve(null);
  return keyOf(userId).then((key) => {
    if (!key) return null;
    const expected = Buffer.from(signature(key, userId, category as NotificationCategory));
    const given = Buffer.from(signed);
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? { userId, category: category as NotificationCategory }
      : null;
  });
}

/** What a user who has not chosen gets: the school's defaults (its «Настройки»). */
export async function preferenceDefaults(db: Database, organizationId: number) {
  const settings = await readSchoolSettings(db, organizationId);
  return { email: settings.email_by_default === 1, instant: settings.marks_instant_by_default === 1 };
}

/** Whether a user hears of a category by e-mail: their own choice, else the school's default. */
async function emailWanted(db: Database, organizationId: number, chosen: boolean | null) {
  return chosen ?? (await preferenceDefaults(db, organizationId)).email;
}

/**
 * E-mail as a channel of the fan-out: a notice for a user with a confirmed address becomes a job
 * that sends its letter — at once, or when the school's quiet hours end (the bell's row is written
 * at once all the same). A version already sent is not queued again.
 */
export function emailChannel(db: Database, queue: Queue): Channel {
  return {
    name: 'email',
    async send(notification, recipient) {
      const address = await findEmail(db, recipient.userId);
      if (!address?.confirmedAt) return;
      if (await wasSent(db, recipient.userId, notification.dedupeKey, versionOf(notification))) return;
      await queueDelivery(db, queue, EMAIL_JOB, notification, recipient);
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A notice as a letter in Russian, plain and HTML, with its one-click unsubscribe link. */
export function letterOf(
  notice: OutgoingNotification,
  to: string,
  publicUrl: string,
  unsubscribeUrl: string,
): Letter {
  const label = NOTIFICATION_CATEGORY_LABELS[notice.category];
  const open = notice.link ? `${publicUrl}${notice.link}` : `${publicUrl}/`;
  const settings = `${publicUrl}${SETTINGS_PATH}`;
  const why = `Вы получили это письмо, потому что включили уведомления «${label}» на почту.`;
  const text = [
    notice.title,
    '',
    notice.body,
    '',
    `Открыть в Парте: ${open}`,
    '',
    '—',
    why,
    `Отписаться от уведомлений «${label}»: ${unsubscribeUrl}`,
    `Настройки уведомлений: ${settings}`,
  ].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:sans-serif;line-height:1.4">
<h2 style="font-size:18px">${escapeHtml(notice.title)}</h2>
<p>${escapeHtml(notice.body).replace(/\n/g, '<br>')}</p>
<p><a href="${escapeHtml(open)}">Открыть в Парте</a></p>
<hr><p style="color:#666;font-size:12px">${escapeHtml(why)}<br>
<a href="${escapeHtml(unsubscribeUrl)}">Отписаться от уведомлений «${escapeHtml(label)}»</a> ·
<a href="${escapeHtml(settings)}">Настройки уведомлений</a></p></body></html>`;
  return { to, subject: notice.title, text, html, unsubscribeUrl };
}

/**
 * Sends the letter of one notice as it is now, if the user still wants it (address confirmed,
 * category on) and this version was not sent yet. Exactly once, however many jobs or instances
 * race: the sender claims the version (`claimDelivery`) before it talks to the SMTP server, checks
 * again that it was not sent, and records what the server accepted before it gives the claim up; a
 * job that finds the claim taken is retried later. A refusal for good is kept for the director
 * (a mailbox that does not exist: the address is forgotten too); a passing failure is thrown, so
 * the queue retries with backoff.
 */
export async function sendEmailNotice(
  db: Database,
  mailer: Mailer,
  job: EmailJob,
  log: (message: string) => void,
): Promise<void> {
  const row = await findLetterOf(db, job.userId, job.dedupeKey);
  if (!row?.address || !row.unsubscribe_key) return;
  if (!(await emailWanted(db, row.organization_id, row.email))) return;
  const notice = outgoingOf(row, job.dedupeKey);
  const version = versionOf(notice);
  if (await wasSent(db, job.userId, job.dedupeKey, version)) return;
  const claim = { channel: 'email', target: job.userId, dedupeKey: job.dedupeKey, version } as const;
  if (!(await claimDelivery(db, claim)))
    throw new ChannelError('письмо этой версии уже отправляется другим заданием', 'retry');
  try {
    if (await wasSent(db, job.userId, job.dedupeKey, version)) return;
    const token = unsubscribeToken(job.userId, row.category, row.unsubscribe_key);
    const letter = letterOf(
      notice,
      row.address,
      mailer.publicUrl,
      `${mailer.publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
    );
    try {
      await mailer.send(letter);
    } catch (error) {
      const failure = error instanceof ChannelError ? error.failure : 'retry';
      if (failure === 'retry') throw error;
      if (failure === 'unsubscribe') await deleteEmail(db, job.userId);
      const detail = error instanceof Error ? error.message : String(error);
      await keepFailedDelivery(
        db,
        'email',
        job.userId,
        job.dedupeKey,
        refusedReason('email', detail, failure === 'unsubscribe'),
      );
      log(`Уведомление (email) пользователю ${job.userId} не доставлено: ${detail}`);
      return;
    }
    await recordSent(db, job.userId, job.dedupeKey, version);
  } finally {
    await releaseDelivery(db, claim);
  }
}

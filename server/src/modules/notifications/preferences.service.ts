import { createHash, randomBytes } from 'node:crypto';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  type NotificationCategory,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@parta/shared/domain/contracts/notifications';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { HttpError, unprocessable } from '../../plugins/errors';
import { preferenceDefaults, SETTINGS_PATH, verifyUnsubscribeToken } from './email-channel';
import { instantChoiceChanged } from './instant-marks.service';
import type { Mailer } from './mailer';
import {
  confirmEmail,
  deleteEmail,
  findEmail,
  findEmailByToken,
  findPreferences,
  saveEmail,
  upsertPreferences,
} from './preferences.repository';
import { countSubscriptions } from './push.repository';

/** A user's choices of what comes by e-mail and push, and their e-mail address with its links. */

/** How long a confirmation link of an address stays valid. */
export const CONFIRM_VALID_HOURS = 48;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The caller's preferences: their own choices over the school's defaults, and their address. */
export async function getPreferences(
  db: Database,
  actor: Actor,
  mailer: Mailer | null,
): Promise<NotificationPreferences> {
  const [defaults, rows, address, devices] = await Promise.all([
    preferenceDefaults(db, actor.organizationId),
    findPreferences(db, [actor.userId]),
    findEmail(db, actor.userId),
    countSubscriptions(db, actor.userId),
  ]);
  const chosen = new Map(rows.map((row) => [row.category, row]));
  return {
    email: Object.fromEntries(
      NOTIFICATION_CATEGORIES.map((category) => [category, chosen.get(category)?.email ?? defaults.email]),
    ) as Record<NotificationCategory, boolean>,
    push: Object.fromEntries(
      NOTIFICATION_CATEGORIES.map((category) => [category, chosen.get(category)?.push ?? true]),
    ) as Record<NotificationCategory, boolean>,
    push_devices: devices,
    marks_instant: chosen.get('marks')?.instant ?? defaults.instant,
    address: address ? { address: address.address, confirmed: address.confirmedAt !== null } : null,
    email_available: mailer !== null,
  };
}

/** Saves what the caller changed; a category not named keeps what it had (its default included, now as a choice). */
export async function updatePreferences(
  db: Database,
  actor: Actor,
  mailer: Mailer | null,
  update: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  const current = await getPreferences(db, actor, mailer);
  const email = { ...current.email, ...update.email };
  const push = { ...current.push, ...update.push };
  const instant = update.marks_instant ?? current.marks_instant;
  await upsertPreferences(
    db,
    actor.userId,
    NOTIFICATION_CATEGORIES.map((category) => ({
      category,
      email: email[category],
      push: push[category],
      instant: category === 'marks' ? instant : null,
    })),
  );
  if (instant !== current.marks_instant) instantChoiceChanged(actor.organizationId);
  return getPreferences(db, actor, mailer);
}

const MAIL_OFF = 'Почта не настроена на сервере';

/**
 * Sets the caller's address (unconfirmed) and sends it a letter with the confirmation link, valid
 * CONFIRM_VALID_HOURS hours. Without SMTP: 422, e-mail is off.
 */
export async function setEmail(
  db: Database,
  actor: Actor,
  mailer: Mailer | null,
  address: string,
): Promise<NotificationPreferences> {
  if (!mailer) throw unprocessable(MAIL_OFF, { address: [MAIL_OFF] });
  const token = randomBytes(32).toString('base64url');
  await saveEmail(db, {
    userId: actor.userId,
    address,
    tokenHash: hashToken(token),
    validHours: CONFIRM_VALID_HOURS,
    unsubscribeKey: randomBytes(32).toString('base64url'),
  });
  const url = `${mailer.publicUrl}/api/notifications/email/confirm?token=${token}`;
  try {
    await mailer.send({
      to: address,
      subject: 'Подтвердите адрес для уведомлений Парты',
      text: [
        'Здравствуйте!',
        '',
        'Этот адрес указан для уведомлений школы в Парте. Чтобы получать их на почту, подтвердите адрес по ссылке:',
        url,
        '',
        `Ссылка действует ${CONFIRM_VALID_HOURS} часов. Если вы не указывали этот адрес, просто не отвечайте на письмо.`,
      ].join('\n'),
      html: `<!doctype html><html lang="ru"><body style="font-family:sans-serif"><p>Здравствуйте!</p>
<p>Этот адрес указан для уведомлений школы в Парте. Чтобы получать их на почту, подтвердите адрес:</p>
<p><a href="${url}">Подтвердить адрес</a></p>
<p style="color:#666;font-size:12px">Ссылка действует ${CONFIRM_VALID_HOURS} часов. Если вы не указывали этот адрес, просто не отвечайте на письмо.</p></body></html>`,
    });
  } catch {
    throw new HttpError(503, 'Не удалось отправить письмо с подтверждением. Попробуйте позже.');
  }
  return getPreferences(db, actor, mailer);
}

export async function removeEmail(db: Database, actor: Actor, mailer: Mailer | null) {
  await deleteEmail(db, actor.userId);
  return getPreferences(db, actor, mailer);
}

/** A page the browser shows after a link of a letter was opened. */
export interface LinkPage {
  status: number;
  title: string;
  text: string;
}

/** Confirms the address a link was sent to; an unknown, used or expired link says so. */
export async function confirmEmailByToken(db: Database, token: string): Promise<LinkPage> {
  const row = await findEmailByToken(db, hashToken(token));
  if (!row)
    return {
      status: 404,
      title: 'Ссылка недействительна',
      text: 'Ссылка неверна или уже использована. Укажите адрес ещё раз в настройках уведомлений.',
    };
  if (row.expired)
    return {
      status: 410,
      title: 'Ссылка устарела',
      text: `Ссылка действовала ${CONFIRM_VALID_HOURS} часов. Укажите адрес ещё раз в настройках уведомлений — придёт новое письмо.`,
    };
  await confirmEmail(db, row.userId);
  return {
    status: 200,
    title: 'Адрес подтверждён',
    text: `Уведомления будут приходить на ${row.address}. Что именно присылать, выберите в настройках уведомлений.`,
  };
}

/** One-click unsubscribe (a letter's link or its List-Unsubscribe header): that category no longer by e-mail. */
export async function unsubscribeByToken(db: Database, token: string): Promise<LinkPage> {
  const found = await verifyUnsubscribeToken(
    token,
    async (userId) => (await findEmail(db, userId))?.unsubscribeKey,
  );
  if (!found)
    return {
      status: 404,
      title: 'Ссылка недействительна',
      text: 'Ссылка неверна или адрес почты уже изменён. Настройте уведомления в Парте.',
    };
  await upsertPreferences(db, found.userId, [{ category: found.category, email: false, instant: null }]);
  return {
    status: 200,
    title: 'Вы отписались',
    text: `Уведомления «${NOTIFICATION_CATEGORY_LABELS[found.category]}» больше не будут приходить на почту. В приложении они остаются.`,
  };
}

/** The page of a link: plain Russian HTML with a way back to the settings. */
export function linkPageHtml(page: LinkPage): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title} — Парта</title></head>
<body style="font-family:sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.5">
<h1 style="font-size:22px">${page.title}</h1><p>${page.text}</p>
<p><a href="${SETTINGS_PATH}">Настройки уведомлений</a></p></body></html>`;
}

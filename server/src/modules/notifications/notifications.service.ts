import { createHash, randomBytes } from 'node:crypto';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  type Notification,
  type NotificationCategory,
  type NotificationList,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type PushSubscriptionInput,
} from '@parta/shared/domain/contracts/notifications';
import { formatDate } from '@parta/shared/domain/dates';
import { formatAverage } from '@parta/shared/domain/marks';
import { groupName, shortName } from '@parta/shared/domain/names';
import { weightedAverage } from '@parta/shared/domain/reports';
import { addDays } from '@parta/shared/domain/timetable';
import { parseSettings } from '@parta/shared/domain/week';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { conflict, HttpError, notFound, unprocessable } from '../../plugins/errors';
import { DELIVERY_RETRY, type JobKind, type Queue } from '../../queue/queue';
import { SCHOOL_TIME_ZONE, schoolTime, schoolToday } from '../clock/clock.service';
import { settingsOf } from '../settings/settings.service';
import { type Channel, deliver, inAppChannel, type OutgoingNotification } from './channels';
import { emailChannel, preferenceDefaults, SETTINGS_PATH, verifyUnsubscribeToken } from './email-channel';
import type { Mailer } from './mailer';
import {
  confirmEmail,
  countUnread,
  deleteDeliveriesOlderThan,
  deleteEmail,
  deleteOlderThan,
  findAbsenceSubject,
  findAbsencesOfDay,
  findActiveUser,
  findChangedLesson,
  findEmail,
  findEmailByToken,
  findFamiliesOfLesson,
  findFinalMarkSubject,
  findHomeworkOfDay,
  findMarkChangesOfDay,
  findOne,
  findOrganizationIds,
  findOwn,
  findParentLinks,
  findParentsOf,
  findPreferences,
  hasInstantMarks,
  markAllRead,
  markRead,
  saveEmail,
  upsertPreferences,
} from './notifications.repository';
import {
  countSubscriptions,
  deleteOwnSubscription,
  deletePushDeliveriesOlderThan,
  upsertSubscription,
} from './push.repository';
import { checkPushEndpoint, PushAddressError, type PushAddressSettings } from './push-address';
import { pushChannel } from './push-channel';
import { warningsTick } from './warnings.service';

/** Notifications are kept this long (issue 38), then the clean-up removes them. */
export const RETENTION_DAYS = 90;
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
export const ABSENCE_JOB = 'notify-absence';
export const LESSON_CHANGE_JOB = 'notify-lesson-change';
export const FINAL_MARK_JOB = 'notify-final-mark';
export const MARKS_DIGEST_JOB = 'marks-digest';
export const NOTICE_JOB = 'notify-one';
/** How often each instance looks whether a school's digest hour has come. */
export const DIGEST_TICK_MS = 10 * 60 * 1000;
/** A lesson changed for a day this many days ahead or sooner is told of at once; later ones the diary shows. */
export const LESSON_CHANGE_DAYS = 7;

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
  return getPreferences(db, actor, mailer);
}

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

/** A job of ABSENCE_JOB: one pupil's absence entered in one lesson by `actorId`. */
export interface AbsenceJob {
  lessonId: number;
  studentId: number;
  actorId: number;
}

async function correctionMinutes(db: Database, organizationId: number) {
  return parseSettings(await settingsOf(db, organizationId)).absence_correction_minutes;
}

/**
 * «н»/«б» were saved (inside the journal's save transaction, so a job exists only if its mark does):
 * parents hear of each after the school's correction window, when the job reads what is left. A
 * pasted column of absences reads its school's window once, not once per cell.
 */
export async function absencesEntered(db: Database, queue: Queue, jobs: AbsenceJob[]): Promise<void> {
  const windows = new Map<number, number>();
  for (const job of jobs) {
    const subject = await findAbsenceSubject(db, job.lessonId, job.studentId);
    if (!subject) continue;
    let minutes = windows.get(subject.organization_id);
    if (minutes === undefined) {
      minutes = await correctionMinutes(db, subject.organization_id);
      windows.set(subject.organization_id, minutes);
    }
    await queue.send(db, ABSENCE_JOB, job, { startAfterSeconds: minutes * 60 });
  }
}

/**
 * Tells a pupil's parents of the pupil's absences of the lesson's day, as they are now: none left
 * (all corrected) — nothing; otherwise one notification per pupil and day listing every lesson
 * missed so far, updated in place by later runs. Never to whoever entered one of them; only to
 * parents linked in the pupil's school.
 */
export async function notifyAbsence(
  db: Database,
  job: AbsenceJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  const subject = await findAbsenceSubject(db, job.lessonId, job.studentId);
  if (!subject) return;
  const minutes = await correctionMinutes(db, subject.organization_id);
  const absences = await findAbsencesOfDay(db, subject.organization_id, job.studentId, subject.date, minutes);
  if (absences.length === 0) return;
  const actors = new Set([job.actorId, ...absences.map((absence) => absence.created_by)]);
  const recipients = (await findParentsOf(db, subject.organization_id, job.studentId))
    .filter((parent) => !actors.has(parent.id))
    .map((parent) => ({ userId: parent.id }));
  if (recipients.length === 0) return;
  const lines = absences.map(
    (absence) =>
      `${absence.lesson_number}-й урок — ${absence.subject_name}${absence.value === 'б' ? ' (по болезни)' : ''}`,
  );
  await deliver(
    channels,
    {
      organizationId: subject.organization_id,
      category: 'absence',
      title: `${subject.surname} ${subject.name}: пропуск ${formatDate(subject.date)}`,
      body: `Пропущено уроков: ${absences.length}\n${lines.join('\n')}`,
      link: `/diary?week=${subject.date}&student=${job.studentId}`,
      dedupeKey: `absence:${job.studentId}:${subject.date}`,
    },
    recipients,
    log,
  );
}

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

/** A job of LESSON_CHANGE_JOB: a dated lesson changed by `actorId`, and what it was before. */
export interface LessonChangeJob {
  lessonId: number;
  actorId: number;
  previous: { status: string; teacherId: number | null; date: string };
  /** The substitute is told by the change's caller, one notice for many lessons (no per-lesson one). */
  substituteToldElsewhere?: boolean;
}

/**
 * A one-off change of a dated lesson was saved (inside the change's transaction, so a notice is owed
 * only for a change that holds): told at once when the lesson was or is within the next
 * LESSON_CHANGE_DAYS days, from today on.
 */
export async function lessonChanged(db: Database, queue: Queue, job: LessonChangeJob, date: string) {
  const today = schoolToday();
  const last = addDays(today, LESSON_CHANGE_DAYS);
  if (![date, job.previous.date].some((day) => day >= today && day <= last)) return;
  await queue.send(db, LESSON_CHANGE_JOB, job);
}

/**
 * Tells of a lesson as it is now: the class's pupils and parents (one notice per lesson, updated in
 * place by a later change, so an undone замена reads «по расписанию»); the substitute that they take
 * it, with the link to its journal; a substitute taken off it that it is no longer theirs. Never to
 * whoever made the change.
 */
export async function notifyLessonChange(
  db: Database,
  job: LessonChangeJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  const lesson = await findChangedLesson(db, job.lessonId);
  if (!lesson) return;
  const group = groupName({ number: lesson.grade, letter: lesson.letter });
  const when = `${formatDate(lesson.date)}, ${lesson.lesson_number}-й урок`;
  const teacher = shortName(lesson.teacher);
  const original = lesson.original ? ` вместо ${shortName(lesson.original)}` : '';
  const notice = {
    replaced: {
      title: `${group}: замена ${formatDate(lesson.date)}`,
      body: `${when} — ${lesson.subject_name}: ведёт ${teacher}${original}`,
    },
    cancelled: {
      title: `${group}: урок отменён ${formatDate(lesson.date)}`,
      body: `${when} — ${lesson.subject_name}`,
    },
    moved: {
      title: `${group}: урок перенесён`,
      body: `${lesson.subject_name}: ${when}${
        lesson.date !== job.previous.date ? ` (было ${formatDate(job.previous.date)})` : ''
      }`,
    },
    scheduled: {
      title: `${group}: урок по расписанию ${formatDate(lesson.date)}`,
      body: `${when} — ${lesson.subject_name}, ведёт ${teacher}`,
    },
  }[lesson.status];
  const notMe = (recipient: { id: number }) => recipient.id !== job.actorId;
  const families = (await findFamiliesOfLesson(db, lesson)).filter(notMe);
  const base = { organizationId: lesson.organization_id, category: 'timetable' as const };
  await deliver(
    channels,
    { ...base, ...notice, link: `/diary?week=${lesson.date}`, dedupeKey: `lesson:${job.lessonId}` },
    families.map((user) => ({ userId: user.id })),
    log,
  );
  const journal =
    lesson.load_id === null ? null : `/journal/${lesson.class_id}/${lesson.load_id}?date=${lesson.date}`;
  if (
    lesson.status === 'replaced' &&
    lesson.teacher_id !== null &&
    lesson.teacher_id !== job.actorId &&
    !job.substituteToldElsewhere
  ) {
    await deliver(
      channels,
      {
        ...base,
        title: `Замена: ${group}, ${lesson.subject_name}`,
        body: `${when}${original}`,
        link: journal,
        dedupeKey: `substitute:${job.lessonId}:${lesson.teacher_id}`,
      },
      [{ userId: lesson.teacher_id }],
      log,
    );
  }
  const before = job.previous.teacherId;
  if (
    job.previous.status === 'replaced' &&
    before !== null &&
    before !== job.actorId &&
    (lesson.status !== 'replaced' || lesson.teacher_id !== before)
  ) {
    await deliver(
      channels,
      {
        ...base,
        title: `Замена снята: ${group}, ${lesson.subject_name}`,
        body: `${when}: ${lesson.status === 'cancelled' ? 'урок отменён' : `урок ведёт ${teacher}`}`,
        link: null,
        dedupeKey: `substitute:${job.lessonId}:${before}`,
      },
      [{ userId: before }],
      log,
    );
  }
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

/**
 * A job of NOTICE_JOB: a notice another module composed for one person (the absent teacher's summary
 * of who covers their lessons). Its dedupe key names what it is about, so a later one replaces it.
 */
export interface NoticeJob {
  userId: number;
  actorId: number;
  notice: OutgoingNotification;
}

/** A notice for one person, owed once the caller's change holds; never to whoever made the change. */
export async function noticeOwed(db: Database, queue: Queue, job: NoticeJob): Promise<void> {
  if (job.userId === job.actorId) return;
  await queue.send(db, NOTICE_JOB, job);
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

/** A job of FINAL_MARK_JOB: a pupil's final mark of a subject and period set, changed or removed. */
export interface FinalMarkJob {
  studentId: number;
  subjectId: number;
  periodId: number;
  actorId: number;
}

/** Final marks changed (in the transaction that writes them): each is told at once. */
export async function finalMarksChanged(db: Database, queue: Queue, jobs: FinalMarkJob[]) {
  for (const job of jobs) await queue.send(db, FINAL_MARK_JOB, job);
}

/**
 * Tells the pupil and the pupil's parents of a final mark as it is now — «Итоговая оценка:
 * Математика, II четверть» «Иванов Пётр — 5», or that it was removed — one notice per pupil,
 * subject and period, updated in place when the teacher changes it again. Never to the teacher.
 */
export async function notifyFinalMark(
  db: Database,
  job: FinalMarkJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  const mark = await findFinalMarkSubject(db, job.studentId, job.subjectId, job.periodId);
  if (!mark) return;
  const recipients = [
    ...(await findActiveUser(db, mark.user_id)),
    ...(await findParentsOf(db, mark.organization_id, job.studentId)),
  ].filter((user) => user.id !== job.actorId);
  await deliver(
    channels,
    {
      organizationId: mark.organization_id,
      category: 'final_marks',
      title: `Итоговая оценка: ${mark.subject_name}, ${mark.period_name}`,
      body:
        mark.value === null
          ? `${mark.surname} ${mark.name}: оценка снята учителем`
          : `${mark.surname} ${mark.name} — ${mark.value}`,
      link: `/diary?student=${job.studentId}`,
      dedupeKey: `final:${job.studentId}:${job.subjectId}:${job.periodId}`,
    },
    recipients.map((user) => ({ userId: user.id })),
    log,
  );
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

/** A job of MARKS_DIGEST_JOB: one school's marks of one day, told to its families. */
export interface MarksDigestJob {
  organizationId: number;
  date: string;
  /** Before the digest hour: only to those who get marks «сразу». */
  instantOnly?: boolean;
}

/**
 * Every DIGEST_TICK_MS on each instance: a school whose digest hour (its «Настройки») has come today
 * gets the day's digest job. Sent again on each tick until midnight, so a mark changed in the evening
 * updates the evening's digest; the job writes each family's one notice of the day in place, so
 * repeated or parallel runs (two instances) tell nothing twice. Before the hour, a school where
 * someone gets marks «сразу» gets a job for them only: their notice of the day follows each tick.
 */
export async function digestTick(db: Database, queue: Queue): Promise<void> {
  const date = schoolToday();
  const hour = Number(schoolTime().slice(0, 2));
  for (const { id } of await findOrganizationIds(db)) {
    await warningsTick(db, queue, id, date, hour);
    const { digest_hour, marks_instant_by_default } = parseSettings(await settingsOf(db, id));
    if (hour >= digest_hour) await queue.send(db, MARKS_DIGEST_JOB, { organizationId: id, date });
    else if (marks_instant_by_default === 1 || (await hasInstantMarks(db, id)))
      await queue.send(db, MARKS_DIGEST_JOB, { organizationId: id, date, instantOnly: true });
  }
}

/**
 * The evening digest of marks: to each parent one notice of the day with every child whose marks
 * changed that day (a parent of two children reads both in one), to each pupil their own — per
 * subject the marks those lessons hold now («оценка снята» when removed) and the new weighted average
 * of the term. One notice per user and day (`marks-digest:{date}`), updated when marks change again.
 */
export async function notifyMarksDigest(
  db: Database,
  job: MarksDigestJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  if (!job.instantOnly) await notifyHomework(db, job, log, channels);
  const rows = await findMarkChangesOfDay(db, job.organizationId, job.date, SCHOOL_TIME_ZONE);
  if (rows.length === 0) return;
  const pupils: PupilLines = new Map();
  for (const row of rows) {
    const average = weightedAverage(row.sum ?? 0, row.weight ?? 0);
    linesOf(pupils, row).push(
      `${row.subject_name}: ${row.marks ?? 'оценка снята'}${average === null ? '' : ` · средний ${formatAverage(average)}`}`,
    );
  }
  const readers = await readersOf(db, job.organizationId, pupils);
  if (job.instantOnly) {
    const defaults = await preferenceDefaults(db, job.organizationId);
    const chosen = new Map(
      (await findPreferences(db, [...readers.keys()]))
        .filter((row) => row.category === 'marks')
        .map((row) => [row.userId, row.instant]),
    );
    for (const userId of readers.keys())
      if (!(chosen.get(userId) ?? defaults.instant)) readers.delete(userId);
  }
  await tellReaders(readers, pupils, log, channels, (studentIds, own) => ({
    organizationId: job.organizationId,
    category: 'marks',
    title: `Оценки за ${formatDate(job.date)}`,
    link: `/diary?week=${job.date}${studentIds.length === 1 && !own ? `&student=${studentIds[0]}` : ''}`,
    dedupeKey: `marks-digest:${job.date}`,
  }));
}

/** Per pupil: name, account and the lines a family's notice tells of them. */
type PupilLines = Map<number, { name: string; userId: number | null; lines: string[] }>;

function linesOf(
  pupils: PupilLines,
  row: { student_id: number; surname: string; name: string; user_id: number | null },
) {
  let pupil = pupils.get(row.student_id);
  if (!pupil) {
    pupil = { name: `${row.surname} ${row.name}`, userId: row.user_id, lines: [] };
    pupils.set(row.student_id, pupil);
  }
  return pupil.lines;
}

/** Who reads of which pupils: each pupil their own, each parent linked in the school their children. */
async function readersOf(db: Database, organizationId: number, pupils: PupilLines) {
  const readers = new Map<number, number[]>();
  const add = (userId: number, studentId: number) =>
    readers.set(userId, [...(readers.get(userId) ?? []), studentId]);
  for (const [studentId, pupil] of pupils) if (pupil.userId !== null) add(pupil.userId, studentId);
  for (const link of await findParentLinks(db, organizationId, [...pupils.keys()]))
    add(link.parent_id, link.student_id);
  return readers;
}

/**
 * One notice to each reader: a pupil's own lines, or each child's under their name (a parent of two
 * reads both in one notice).
 */
async function tellReaders(
  readers: Map<number, number[]>,
  pupils: PupilLines,
  log: (message: string) => void,
  channels: readonly Channel[],
  notice: (studentIds: number[], own: boolean) => Omit<OutgoingNotification, 'body'>,
) {
  for (const [userId, studentIds] of readers) {
    const own = studentIds.length === 1 && pupils.get(studentIds[0])!.userId === userId;
    const body = studentIds
      .map((studentId) => {
        const pupil = pupils.get(studentId)!;
        return own ? pupil.lines.join('\n') : `${pupil.name}\n${pupil.lines.join('\n')}`;
      })
      .join('\n\n');
    await deliver(channels, { ...notice(studentIds, own), body }, [{ userId }], log);
  }
}

/**
 * With the evening digest: the homework of the next day's lessons, one notice per pupil or parent
 * and day (`homework:{date}`), updated in place when a teacher sets or changes one later that evening.
 */
export async function notifyHomework(
  db: Database,
  job: MarksDigestJob,
  log: (message: string) => void,
  channels: readonly Channel[] = [inAppChannel(db)],
): Promise<void> {
  const tomorrow = addDays(job.date, 1);
  const rows = await findHomeworkOfDay(db, job.organizationId, tomorrow);
  if (rows.length === 0) return;
  const pupils: PupilLines = new Map();
  for (const row of rows) linesOf(pupils, row).push(`${row.subject_name}: ${row.homework}`);
  await tellReaders(
    await readersOf(db, job.organizationId, pupils),
    pupils,
    log,
    channels,
    (studentIds, own) => ({
      organizationId: job.organizationId,
      category: 'homework',
      title: `Домашнее задание на ${formatDate(tomorrow)}`,
      link: `/diary?week=${tomorrow}${studentIds.length === 1 && !own ? `&student=${studentIds[0]}` : ''}`,
      dedupeKey: `homework:${tomorrow}`,
    }),
  );
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

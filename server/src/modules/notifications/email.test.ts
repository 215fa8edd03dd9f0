import type { AddressInfo } from 'node:net';
import { notificationPreferencesSchema } from '@parta/shared/domain/contracts/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { rowsOf } from '../../db/rows';
import { lessons, notificationEmails, notifications, users } from '../../db/schema';
import { journalUntil } from '../../seed/curriculum';
import { schoolTime, schoolToday } from '../clock/clock.service';
import { notifyAbsence } from './absence-notices.service';
import { quietDelaySeconds } from './channels';
import { notifyMarksDigest } from './digests.service';
import { EMAIL_JOB, sendEmailNotice } from './email-channel';
import { createMailer, failureOf, type SmtpSettings, smtpFromEnv } from './mailer';
import {
  gradePupil,
  markAbsent as markAbsentAs,
  pupilWithExtraLessons,
  setSchoolSettings,
} from './notifications.fixtures';
import { channelsOf } from './notifications.service';

/**
 * E-mail notifications (issue 38) against a real SMTP server started here, in-process: every letter
 * it accepts is parsed and checked. Addresses at `gone.test` do not exist (550 5.1.1) and those at
 * `busy.test` are refused for now (451).
 */

interface Received {
  to: string[];
  mail: ParsedMail;
}
const received: Received[] = [];
const smtpServer = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith('@gone.test'))
      return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
    if (address.address.endsWith('@busy.test'))
      return callback(Object.assign(new Error('4.3.0 Try later'), { responseCode: 451 }));
    callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});

let app: FastifyInstance;
let smtp: SmtpSettings;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let pupilId: number;
let lessonIds: number[];
const day = new Date(Date.parse(journalUntil(schoolToday())) + 86_400_000).toISOString().slice(0, 10);
const noLog = () => {};
const PUBLIC_URL = 'http://parta.test';

/** Letters to `address` the SMTP server accepted, once there are `count` (or after 15 s). */
async function lettersTo(address: string, count = 1) {
  const until = Date.now() + 15_000;
  for (;;) {
    const letters = received.filter((letter) => letter.to.includes(address));
    if (letters.length >= count || Date.now() > until) return letters;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
/** A path with its query from a URL of a letter, to request it through the app. */
const pathOf = (url: string) => url.slice(PUBLIC_URL.length);
const linkIn = (text: string, pattern: RegExp) => {
  const found = text.match(pattern);
  if (!found) throw new Error(`no link ${pattern} in ${text}`);
  return found[0];
};

async function preferencesOf(login: string) {
  const response = await call(app, tokens[login], 'GET', '/api/notifications/preferences');
  expect(response.statusCode).toBe(200);
  return notificationPreferencesSchema.parse(response.json().data);
}
const setSettings = (items: Record<string, number>) => setSchoolSettings(app, tokens.director, items);
/** Gives `login` the address and confirms it through the link of the letter that arrives. */
async function confirmAddress(login: string, address: string) {
  const before = received.filter((letter) => letter.to.includes(address)).length;
  const set = await call(app, tokens[login], 'PUT', '/api/notifications/email', { address });
  expect(set.statusCode).toBe(200);
  const letter = (await lettersTo(address, before + 1))[before];
  const confirm = linkIn(
    letter.mail.text ?? '',
    /http:\/\/parta\.test\/api\/notifications\/email\/confirm\?token=\S+/,
  );
  const page = await app.inject({ method: 'GET', url: pathOf(confirm) });
  expect(page.statusCode).toBe(200);
  return { letter, page, confirm };
}
const absenceJobOf = (lessonId: number) => ({ lessonId, studentId: pupilId, actorId: ids.teacher });
const channels = () => channelsOf(app.db, app.queue, createMailer(smtp));
const markAbsent = (lessonId: number) => markAbsentAs(app, tokens.teacher, lessonId, pupilId);
const parentNotices = (category: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, ids.parent), sql`${notifications.category} = ${category}`));

beforeAll(async () => {
  await new Promise<void>((resolve) => smtpServer.listen(0, '127.0.0.1', resolve));
  smtp = {
    host: '127.0.0.1',
    port: (smtpServer.server.address() as AddressInfo).port,
    secure: false,
    from: 'Парта <noreply@parta.test>',
    publicUrl: PUBLIC_URL,
  };
  app = await createTestApp({ smtp, queue: { pollingSeconds: 0.5 } });
  for (const login of ['teacher', 'parent', 'student', 'director', 'director2']) {
    tokens[login] = await loginAs(app, login);
    [{ id: ids[login] }] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  }
  ({ pupilId, lessonIds } = await pupilWithExtraLessons(app.db, ids.teacher, day, [11, 12, 13, 14]));
  // No quiet hours (from = to) unless a test sets them; absences told at once.
  await setSettings({ quiet_hours_from: 0, quiet_hours_to: 0, absence_correction_minutes: 0 });
}, 180_000);

afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtpServer.close(() => resolve()));
});

describe('quiet hours', () => {
  it('hold letters until the hour they end, in the school’s time', () => {
    expect(quietDelaySeconds('23:30', 21, 8)).toBe(8.5 * 3600);
    expect(quietDelaySeconds('21:00', 21, 8)).toBe(11 * 3600);
    expect(quietDelaySeconds('07:59', 21, 8)).toBe(60);
    expect(quietDelaySeconds('08:00', 21, 8)).toBe(0);
    expect(quietDelaySeconds('12:00', 21, 8)).toBe(0);
    expect(quietDelaySeconds('13:15', 13, 15)).toBe(105 * 60);
    expect(quietDelaySeconds('03:00', 5, 5)).toBe(0);
  });
});

describe('SMTP answers and settings', () => {
  it('reads a refusal: a mailbox gone unsubscribes, another 5xx drops, the rest are retried', () => {
    expect(failureOf({ responseCode: 550, response: '550 5.1.1 No such user' })).toBe('unsubscribe');
    expect(failureOf({ responseCode: 553 })).toBe('unsubscribe');
    expect(failureOf({ responseCode: 554, response: '554 5.7.1 Message rejected as spam' })).toBe('drop');
    expect(failureOf({ responseCode: 552, response: '552 5.3.4 Message too big' })).toBe('drop');
    expect(failureOf({ responseCode: 421 })).toBe('retry');
    expect(failureOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).toBe(
      'retry',
    );
  });

  it('turns e-mail on only with SMTP_HOST and SMTP_FROM', () => {
    expect(smtpFromEnv({ SMTP_HOST: 'smtp.school.ru' })).toBeNull();
    expect(smtpFromEnv({ SMTP_FROM: 'noreply@school.ru' })).toBeNull();
    expect(
      smtpFromEnv({
        SMTP_HOST: 'smtp.school.ru',
        SMTP_FROM: 'noreply@school.ru',
        PARTA_PUBLIC_URL: 'https://parta.school.ru/',
      }),
    ).toEqual({
      host: 'smtp.school.ru',
      port: 587,
      secure: false,
      user: undefined,
      password: undefined,
      from: 'noreply@school.ru',
      publicUrl: 'https://parta.school.ru',
    });
    expect(smtpFromEnv({ SMTP_HOST: 'h', SMTP_FROM: 'f', SMTP_SECURE: '1', PORT: '8080' })).toMatchObject({
      port: 465,
      secure: true,
      publicUrl: 'http://localhost:8080',
    });
  });
});

describe('preferences', () => {
  it('answers the school’s defaults, and whether the server can send e-mail', async () => {
    expect(await preferencesOf('parent')).toEqual({
      email: {
        absence: true,
        marks: true,
        final_marks: true,
        homework: true,
        timetable: true,
        warnings: true,
      },
      // Push is on for every category until turned off; it reaches a user's devices (none yet).
      push: {
        absence: true,
        marks: true,
        final_marks: true,
        homework: true,
        timetable: true,
        warnings: true,
      },
      push_devices: 0,
      marks_instant: false,
      address: null,
      email_available: true,
    });
    expect((await call(app, undefined, 'GET', '/api/notifications/preferences')).statusCode).toBe(401);
  });

  it('saves the caller’s own choices only; other users and schools keep theirs', async () => {
    const saved = await call(app, tokens.director2, 'PUT', '/api/notifications/preferences', {
      email: { timetable: false },
      marks_instant: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      marks_instant: true,
      email: { timetable: false, absence: true },
    });
    expect(await preferencesOf('parent')).toMatchObject({ marks_instant: false, email: { timetable: true } });
  });

  it('refuses bad input with Russian field messages', async () => {
    const bad = await call(app, tokens.parent, 'PUT', '/api/notifications/preferences', {
      email: { absence: 'да', nonsense: true },
      marks_instant: 3,
    });
    expect(bad.statusCode).toBe(422);
    const { errors } = bad.json();
    expect(Object.keys(errors).sort()).toEqual(['email', 'email.absence', 'marks_instant']);
    expect(errors.marks_instant).toEqual(['Укажите да или нет']);
    expect(errors.email).toEqual(['Нераспознанный ключ: "nonsense"']);
    const address = await call(app, tokens.parent, 'PUT', '/api/notifications/email', {
      address: 'не адрес',
    });
    expect(address.statusCode).toBe(422);
    expect(address.json().errors).toEqual({ address: ['Неверный адрес почты'] });
    for (const url of ['/api/notifications/email/confirm', '/api/notifications/unsubscribe']) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ token: ['Ссылка неполная'] });
    }
  });
});

describe('the address', () => {
  it('is confirmed by the link of a Russian letter; a used, wrong or expired link says so', async () => {
    const { letter, page, confirm } = await confirmAddress('parent', 'parent@family.test');
    expect(letter.mail.subject).toBe('Подтвердите адрес для уведомлений Парты');
    expect(letter.mail.html).toContain('Подтвердить адрес');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Адрес подтверждён');
    expect((await preferencesOf('parent')).address).toEqual({
      address: 'parent@family.test',
      confirmed: true,
    });

    const again = await app.inject({ method: 'GET', url: pathOf(confirm) });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('Ссылка неверна или уже использована');

    const set = await call(app, tokens.student, 'PUT', '/api/notifications/email', {
      address: 'pupil@family.test',
    });
    expect(set.json().data.address).toEqual({ address: 'pupil@family.test', confirmed: false });
    const [sent] = await lettersTo('pupil@family.test');
    await app.db
      .update(notificationEmails)
      .set({ tokenExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(notificationEmails.userId, ids.student));
    const expired = await app.inject({
      method: 'GET',
      url: pathOf(linkIn(sent.mail.text ?? '', /http:\/\/parta\.test\/\S+/)),
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Ссылка устарела');
    const removed = await call(app, tokens.student, 'DELETE', '/api/notifications/email');
    expect(removed.json().data.address).toBeNull();
    // Each route is the caller's own: the pupil's removal left the parent's address, and the
    // parent's address shows to nobody else.
    expect((await preferencesOf('parent')).address?.confirmed).toBe(true);
    for (const login of ['teacher', 'director', 'director2', 'student'])
      expect((await preferencesOf(login)).address).toBeNull();
    for (const [method, url] of [
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/email'],
      ['DELETE', '/api/notifications/email'],
    ] as const)
      expect((await call(app, undefined, method, url, method === 'PUT' ? {} : undefined)).statusCode).toBe(
        401,
      );
  });
});

describe('letters of notices', () => {
  it('sends an absence to the parent in Russian with a one-click unsubscribe that works without signing in', async () => {
    // The teacher who enters it and another school's director have addresses too: neither hears of it.
    await confirmAddress('teacher', 'teacher@school.test');
    await confirmAddress('director2', 'director2@school2.test');
    const before = received.length;
    await markAbsent(lessonIds[0]);
    const [letter] = await lettersTo('parent@family.test', 2).then((letters) => letters.slice(1));
    expect(letter).toBeDefined();
    expect(letter.mail.subject).toMatch(/: пропуск \d\d\.\d\d\.\d\d$/);
    expect(letter.mail.text).toContain('Пропущено уроков: 1');
    expect(letter.mail.text).toContain(`Открыть в Парте: ${PUBLIC_URL}/diary?week=${day}&student=${pupilId}`);
    expect(letter.mail.html).toContain('Отписаться от уведомлений «Пропуски»');
    // Nobody else: not the teacher who entered it, not the pupil (no address confirmed).
    expect(received.slice(before).map((item) => item.to)).toEqual([['parent@family.test']]);

    const header = (name: string) =>
      letter.mail.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/\r?\n\s+/g, '')
        .replace(/^[^:]+:\s*/, '');
    const url = linkIn(
      letter.mail.text ?? '',
      /http:\/\/parta\.test\/api\/notifications\/unsubscribe\?token=\S+/,
    );
    expect(header('list-unsubscribe')).toBe(`<${url}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // A forged token (another user's id with this signature) is refused.
    const forged = url.replace(/token=\d+/, `token=${ids.director2}`);
    expect((await app.inject({ method: 'POST', url: pathOf(forged) })).statusCode).toBe(404);
    const page = await app.inject({ method: 'POST', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Уведомления «Пропуски» больше не будут приходить на почту');
    expect((await preferencesOf('parent')).email).toMatchObject({ absence: false, timetable: true });
  });

  it('sends nothing by e-mail for a category turned off, but the bell has the notice', async () => {
    const letters = () => received.filter((item) => item.to.includes('parent@family.test')).length;
    const before = letters();
    await app.db.delete(notifications).where(eq(notifications.userId, ids.parent));
    await notifyAbsence(app.db, absenceJobOf(lessonIds[0]), noLog, channels());
    expect(await parentNotices('absence')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(letters()).toBe(before);
    await call(app, tokens.parent, 'PUT', '/api/notifications/preferences', { email: { absence: true } });
  }, 30_000);

  it('never sends one version twice, however often the job runs', async () => {
    await markAbsent(lessonIds[1]);
    const withBoth = () => received.filter((item) => item.mail.text?.includes('Пропущено уроков: 2'));
    const until = Date.now() + 15_000;
    while (withBoth().length === 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(withBoth()).toHaveLength(1);
    const [notice] = await parentNotices('absence');
    const job = { userId: ids.parent, dedupeKey: notice.dedupeKey };
    const mailer = createMailer(smtp);
    const before = received.length;
    await sendEmailNotice(app.db, mailer, job, noLog);
    await notifyAbsence(app.db, absenceJobOf(lessonIds[1]), noLog, channels());
    await sendEmailNotice(app.db, mailer, job, noLog);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.length).toBe(before);
  }, 30_000);

  it('holds letters during the school’s quiet hours, writing the bell’s row at once', async () => {
    const hour = Number(schoolTime().slice(0, 2));
    await setSettings({ quiet_hours_from: hour, quiet_hours_to: (hour + 2) % 24 });
    try {
      const before = received.length;
      await markAbsent(lessonIds[2]);
      const until = Date.now() + 15_000;
      let held: { seconds: number }[] = [];
      while (held.length === 0 && Date.now() < until) {
        held = await rowsOf<{ seconds: number }>(
          app.db,
          sql`select extract(epoch from start_after - now())::float8 as seconds from pgboss.job
               where name = ${EMAIL_JOB} and state = 'created' and data->>'userId' = ${String(ids.parent)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [notice] = await parentNotices('absence');
      expect(notice.body).toMatch(/^Пропущено уроков: 3/);
      // Held until the quiet hours end: (hour + 2):00 school time, between 1 and 2 hours from now.
      expect(held).toHaveLength(1);
      expect(held[0].seconds).toBeGreaterThan(3600 - 120);
      expect(held[0].seconds).toBeLessThanOrEqual(7200);
      expect(received.length).toBe(before);
    } finally {
      await setSettings({ quiet_hours_from: 0, quiet_hours_to: 0 });
    }
  }, 30_000);

  it('forgets an address whose mailbox does not exist, and retries one refused for now', async () => {
    const job = { userId: ids.parent, dedupeKey: (await parentNotices('absence'))[0].dedupeKey };
    const mailer = createMailer(smtp);
    await rowsOf(app.db, sql`delete from email_deliveries where user_id = ${ids.parent}`);
    await app.db
      .update(notificationEmails)
      .set({ address: 'someone@busy.test' })
      .where(eq(notificationEmails.userId, ids.parent));
    await expect(sendEmailNotice(app.db, mailer, job, noLog)).rejects.toMatchObject({ failure: 'retry' });
    expect(
      await app.db.select().from(notificationEmails).where(eq(notificationEmails.userId, ids.parent)),
    ).toHaveLength(1);

    await app.db
      .update(notificationEmails)
      .set({ address: 'nobody@gone.test' })
      .where(eq(notificationEmails.userId, ids.parent));
    const logged: string[] = [];
    await sendEmailNotice(app.db, mailer, job, (message) => logged.push(message));
    expect(logged).toHaveLength(1);
    expect((await preferencesOf('parent')).address).toBeNull();
  });
});

describe('marks «сразу»', () => {
  it('before the digest hour, tells only those who chose «сразу»', async () => {
    await confirmAddress('parent', 'parent2@family.test');
    const chose = await call(app, tokens.parent, 'PUT', '/api/notifications/preferences', {
      marks_instant: true,
    });
    expect(chose.json().data.marks_instant).toBe(true);
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.id, lessonIds[3]));
    await gradePupil(app, tokens.teacher, lessonIds[3], pupilId, 5);
    await notifyMarksDigest(
      app.db,
      { organizationId: lesson.organizationId, date: schoolToday(), instantOnly: true },
      noLog,
      channels(),
    );
    expect(await parentNotices('marks')).toHaveLength(1);
    const own = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.student), sql`${notifications.category} = 'marks'`));
    expect(own).toEqual([]);
    const [letter] = await lettersTo('parent2@family.test', 2).then((letters) => letters.slice(1));
    expect(letter?.mail.subject).toMatch(/^Оценки за \d\d\.\d\d\.\d\d$/);
    expect(letter.mail.text).toContain(': 5');
  }, 30_000);
});

describe('without SMTP settings', () => {
  it('is off: the settings say so and an address is refused in Russian', async () => {
    const plain = await createTestApp({ queue: { pollingSeconds: 0.5 } });
    try {
      const token = await loginAs(plain, 'parent');
      const preferences = await call(plain, token, 'GET', '/api/notifications/preferences');
      expect(preferences.json().data.email_available).toBe(false);
      const refused = await call(plain, token, 'PUT', '/api/notifications/email', { address: 'a@b.test' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: 'Почта не настроена на сервере',
        errors: { address: ['Почта не настроена на сервере'] },
      });
    } finally {
      await plain.close();
    }
  }, 120_000);
});

import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliveryFailureListSchema } from '@parta/shared/domain/contracts/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { rowsOf } from '../../db/rows';
import { deliveryFailures, notifications, users } from '../../db/schema';
import { retrySpanSeconds } from '../../queue/queue';
import { journalUntil } from '../../seed/curriculum';
import { schoolToday } from '../clock/clock.service';
import { CONFIRMATION_LETTERS_PER_HOUR } from './confirmation-limit';
import { EMAIL_JOB, sendEmailNotice } from './email-channel';
import { createMailer, type SmtpSettings } from './mailer';
import {
  gradePupil,
  markAbsent as markAbsentAs,
  pupilWithExtraLessons,
  setSchoolSettings,
} from './notifications.fixtures';
import { absenceJob, DELIVERY_RETRY, emailJob, pushJob } from './notifications.jobs';
import { upsertNotification } from './notifications.repository';
import { sendPushNotice } from './push-channel';

/**
 * Nothing owed is lost (issue 48), against a real SMTP server and a real push endpoint started
 * here and stopped (or made to answer 500) to make the outage: a letter or push owed during it
 * arrives when the service is back; one that never gets through is kept with its reason and the
 * director sees it; two jobs racing send one; marks «сразу» come within a minute; confirmation
 * letters are limited. The queue retries here after 1, 2, 4 … s (three times), the production
 * policy (`DELIVERY_RETRY`) over more than a day.
 */

const TEST_RETRY = { limit: 3, delaySeconds: 1 };

interface Letter {
  to: string[];
  subject: string;
  text: string;
}
const letters: Letter[] = [];
/** How long the SMTP server takes to accept a letter (a slow server makes a race visible). */
let smtpDelayMs = 0;
let smtpServer: SMTPServer | null = null;
let smtpPort = 0;

async function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) =>
          setTimeout(() => {
            letters.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            });
            callback();
          }, smtpDelayMs),
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, '127.0.0.1', resolve));
  smtpPort = (server.server.address() as AddressInfo).port;
  smtpServer = server;
}
async function stopSmtp() {
  const server = smtpServer;
  smtpServer = null;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The push endpoint: answers `pushStatus` after `pushDelayMs`; counts what it was sent per path. */
let pushStatus = 201;
let pushDelayMs = 0;
const pushes: { path: string; status: number }[] = [];
const pushService = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const status = pushStatus;
    setTimeout(() => {
      pushes.push({ path: request.url ?? '/', status });
      response.statusCode = status;
      response.end();
    }, pushDelayMs);
  });
});

let app: FastifyInstance;
let smtp: SmtpSettings;
let pushBase: string;
const push = { subject: 'mailto:admin@parta.test', allowHttp: true };
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let pupilId: number;
let lessonIds: number[];
const day = new Date(Date.parse(journalUntil(schoolToday())) + 86_400_000).toISOString().slice(0, 10);
const noLog = () => {};
const PUBLIC_URL = 'http://parta.test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: () => Promise<T> | T, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (done(value) || Date.now() > end) return value;
    await sleep(100);
  }
}
const lettersTo = (address: string) => letters.filter((letter) => letter.to.includes(address));
const pushesTo = (path: string, status = 201) =>
  pushes.filter((item) => item.path === path && item.status === status);
/** The queue's jobs of `name` for `userId`: their state and how often they were retried. */
const jobsOf = (name: string, userId: number) =>
  rowsOf<{
    state: string;
    retry_count: number;
    retry_limit: number;
    retry_delay: number;
    retry_backoff: boolean;
  }>(
    app.db,
    sql`select state, retry_count, retry_limit, retry_delay, retry_backoff from pgboss.job
         where name = ${name} and data->>'userId' = ${String(userId)}`,
  );

async function confirmAddress(login: string, address: string) {
  const before = lettersTo(address).length;
  const set = await call(app, tokens[login], 'PUT', '/api/notifications/email', { address });
  expect(set.statusCode).toBe(200);
  const [letter] = (
    await until(
      () => lettersTo(address),
      (found) => found.length > before,
    )
  ).slice(before);
  const confirm = letter.text.match(/http:\/\/parta\.test(\/api\/notifications\/email\/confirm\?token=\S+)/);
  expect((await app.inject({ method: 'GET', url: confirm?.[1] ?? '/' })).statusCode).toBe(200);
}
async function subscribe(login: string, path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const response = await call(app, tokens[login], 'POST', '/api/notifications/push/subscriptions', {
    endpoint: `${pushBase}${path}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  });
  expect(response.statusCode).toBe(201);
}
async function failuresSeenBy(login: string) {
  const response = await call(app, tokens[login], 'GET', '/api/notifications/delivery-failures');
  return {
    status: response.statusCode,
    data: response.statusCode === 200 ? deliveryFailureListSchema.parse(response.json().data) : [],
  };
}
const markAbsent = (lessonId: number) => markAbsentAs(app, tokens.teacher, lessonId, pupilId);
/** A notice in the parent's bell that no job was queued for (the race tests send it themselves). */
async function parentNotice(dedupeKey: string) {
  const [{ organizationId }] = await app.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, ids.parent));
  await upsertNotification(app.db, {
    organizationId: organizationId as number,
    userId: ids.parent,
    category: 'absence',
    title: `Проверка ${dedupeKey}`,
    body: 'Пропущено уроков: 1',
    link: null,
    dedupeKey,
  });
  return { userId: ids.parent, dedupeKey };
}

beforeAll(async () => {
  await startSmtp();
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  smtp = {
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    from: 'Парта <noreply@parta.test>',
    publicUrl: PUBLIC_URL,
  };
  app = await createTestApp({ smtp, push, queue: { pollingSeconds: 0.5, retry: TEST_RETRY } });
  for (const login of ['teacher', 'parent', 'student', 'director', 'director2']) {
    tokens[login] = await loginAs(app, login);
    [{ id: ids[login] }] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  }
  ({ pupilId, lessonIds } = await pupilWithExtraLessons(app.db, ids.teacher, day, [11, 12, 13, 14, 15]));
  await setSchoolSettings(app, tokens.director, {
    quiet_hours_from: 0,
    quiet_hours_to: 0,
    absence_correction_minutes: 0,
  });
  await confirmAddress('parent', 'parent@family.test');
  await subscribe('parent', '/parent-phone');
}, 180_000);

afterAll(async () => {
  await app.close();
  await stopSmtp();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
});

describe('the retry policy', () => {
  it('spans more than a day in production, with backoff, for letters, pushes and the notices they come from', () => {
    expect(retrySpanSeconds(DELIVERY_RETRY)).toBeGreaterThanOrEqual(24 * 60 * 60);
    const mailer = createMailer(smtp);
    for (const kind of [
      emailJob(app.db, mailer, noLog),
      pushJob(app.db, push, noLog),
      absenceJob(app.db, noLog, []),
    ])
      expect(kind.retry).toEqual(DELIVERY_RETRY);
  });
});

describe('an outage', () => {
  it('delivers the letter owed while the SMTP server was down, once it is back', async () => {
    await stopSmtp();
    const before = lettersTo('parent@family.test').length;
    try {
      await markAbsent(lessonIds[0]);
      // The job tried and failed; the server stays down 4 s more (the old policy gave up by then).
      const failed = await until(
        () => jobsOf(EMAIL_JOB, ids.parent),
        (rows) => rows.some((job) => job.state === 'retry'),
      );
      expect(failed.some((job) => job.state === 'retry')).toBe(true);
      await sleep(4000);
      expect(lettersTo('parent@family.test')).toHaveLength(before);
    } finally {
      await startSmtp();
    }
    const arrived = await until(
      () => lettersTo('parent@family.test'),
      (found) => found.length > before,
    );
    expect(arrived.slice(before).map((letter) => letter.subject)).toEqual([
      expect.stringMatching(/: пропуск \d\d\.\d\d\.\d\d$/),
    ]);
    // Retried with backoff (pg-boss `retry_backoff`), not at once.
    expect((await jobsOf(EMAIL_JOB, ids.parent)).every((job) => job.retry_backoff)).toBe(true);
  }, 60_000);

  it('delivers the push owed while the push service answered 500, once it answers again', async () => {
    pushStatus = 500;
    const before = pushesTo('/parent-phone').length;
    try {
      await markAbsent(lessonIds[1]);
      const refused = await until(
        () => pushesTo('/parent-phone', 500),
        (found) => found.length > 0,
      );
      expect(refused.length).toBeGreaterThan(0);
      await sleep(4000);
      expect(pushesTo('/parent-phone')).toHaveLength(before);
    } finally {
      pushStatus = 201;
    }
    const arrived = await until(
      () => pushesTo('/parent-phone'),
      (found) => found.length > before,
    );
    expect(arrived).toHaveLength(before + 1);
  }, 60_000);

  it('keeps a delivery that never got through with its reason, and shows it to the school’s director only', async () => {
    await until(
      () => jobsOf(EMAIL_JOB, ids.parent),
      (rows) => rows.every((job) => job.state === 'completed' || job.state === 'failed'),
    );
    await app.db.delete(deliveryFailures);
    await stopSmtp();
    pushStatus = 500;
    try {
      await markAbsent(lessonIds[2]);
      // Three retries after 1–2, 2–4 and 4–8 s: both given up within 30 s.
      const kept = await until(
        () => app.db.select().from(deliveryFailures),
        (rows) => rows.length >= 2,
        45_000,
      );
      expect(kept.map((row) => row.channel).sort()).toEqual(['email', 'push']);
    } finally {
      pushStatus = 201;
      await startSmtp();
    }
    const seen = await failuresSeenBy('director');
    expect(seen.status).toBe(200);
    const email = seen.data.find((failure) => failure.channel === 'email');
    const pushed = seen.data.find((failure) => failure.channel === 'push');
    expect(email).toMatchObject({ channel_name: 'Письмо', title: expect.stringMatching(/: пропуск /) });
    expect(email?.reason).toMatch(
      /^Не доставлено: почтовый сервер не принял\(а\) ни одной из повторных попыток/,
    );
    expect(pushed?.reason).toMatch(/служба push .*ответ 500/);
    expect(email?.recipient).toMatch(/^\S+ [А-ЯЁ]\./);
    // Not a teacher's, nor another school's director's.
    expect((await failuresSeenBy('teacher')).status).toBe(403);
    expect((await failuresSeenBy('parent')).status).toBe(403);
    expect(await failuresSeenBy('director2')).toEqual({ status: 200, data: [] });
  }, 90_000);
});

describe('two jobs racing', () => {
  it('send one letter and one push', async () => {
    smtpDelayMs = 500;
    pushDelayMs = 500;
    try {
      const job = await parentNotice('race:1');
      const mailer = createMailer(smtp);
      const before = lettersTo('parent@family.test').length;
      const beforePush = pushesTo('/parent-phone').length;
      await Promise.allSettled([
        sendEmailNotice(app.db, mailer, job, noLog),
        sendEmailNotice(app.db, mailer, job, noLog),
        sendPushNotice(app.db, push, job, noLog),
        sendPushNotice(app.db, push, job, noLog),
      ]);
      // The one that found the sending claimed is retried later: it sends nothing then either.
      await Promise.allSettled([
        sendEmailNotice(app.db, mailer, job, noLog),
        sendPushNotice(app.db, push, job, noLog),
      ]);
      await sleep(1500);
      expect(
        lettersTo('parent@family.test')
          .slice(before)
          .filter((letter) => letter.subject === 'Проверка race:1'),
      ).toHaveLength(1);
      expect(pushesTo('/parent-phone').length - beforePush).toBe(1);
    } finally {
      smtpDelayMs = 0;
      pushDelayMs = 0;
    }
  }, 30_000);
});

describe('marks «сразу»', () => {
  it('reach the parent in the bell, by push and by e-mail within a minute of the save', async () => {
    // A mark saved before the parent chose «сразу»: the server asked then and heard «nobody here».
    await gradePupil(app, tokens.teacher, lessonIds[3], pupilId, 4);
    const chose = await call(app, tokens.parent, 'PUT', '/api/notifications/preferences', {
      marks_instant: true,
    });
    expect(chose.statusCode).toBe(200);
    const before = lettersTo('parent@family.test').length;
    const beforePush = pushesTo('/parent-phone').length;
    // The choice counts for the very next mark, not after a cache's while.
    const saved = Date.now();
    await gradePupil(app, tokens.teacher, lessonIds[4], pupilId, 4);
    const bell = () =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ids.parent), sql`${notifications.category} = 'marks'`));
    const letter = await until(
      () =>
        lettersTo('parent@family.test')
          .slice(before)
          .filter((item) => /^Оценки за/.test(item.subject)),
      (found) => found.length > 0,
      60_000,
    );
    expect(letter).toHaveLength(1);
    expect(letter[0].text).toContain(': 4');
    expect(Date.now() - saved).toBeLessThan(60_000);
    expect((await bell())[0]?.body).toContain(': 4');
    const pushed = await until(
      () => pushesTo('/parent-phone').slice(beforePush),
      (found) => found.length > 0,
      60_000 - (Date.now() - saved),
    );
    expect(pushed.length).toBeGreaterThan(0);
  }, 90_000);
});

describe('confirmation letters', () => {
  it('go at most three an hour per user and per address; the next gets 429 in Russian', async () => {
    const address = 'pupil@family.test';
    for (let i = 0; i < CONFIRMATION_LETTERS_PER_HOUR; i++)
      expect(
        (await call(app, tokens.student, 'PUT', '/api/notifications/email', { address })).statusCode,
      ).toBe(200);
    const refused = await call(app, tokens.student, 'PUT', '/api/notifications/email', {
      address: 'other@family.test',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Слишком много писем с подтверждением: не больше 3 в час .* Повторите через \d+ минут/,
    );
    // Another user cannot send a fourth to the same address either; a fresh address of theirs goes.
    const sameAddress = await call(app, tokens.teacher, 'PUT', '/api/notifications/email', { address });
    expect(sameAddress.statusCode).toBe(429);
    expect(
      (await call(app, tokens.teacher, 'PUT', '/api/notifications/email', { address: 'teacher@school.test' }))
        .statusCode,
    ).toBe(200);
    await sleep(1000);
    expect(lettersTo(address)).toHaveLength(CONFIRMATION_LETTERS_PER_HOUR);
    expect(lettersTo('other@family.test')).toHaveLength(0);
  }, 30_000);
});

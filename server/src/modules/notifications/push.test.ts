import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { notificationPreferencesSchema } from '@parta/shared/domain/contracts/notifications';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decrypt } from 'http_ece';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { rowsOf } from '../../db/rows';
import { pushDeliveries, pushKeys, pushSubscriptions, users } from '../../db/schema';
import { journalUntil } from '../../seed/curriculum';
import { schoolToday } from '../clock/clock.service';
import {
  markAbsent as markAbsentAs,
  pupilWithExtraLessons,
  setSchoolSettings,
} from './notifications.fixtures';
import { subscribePush } from './push.service';
import {
  ensureVapidKeys,
  PUSH_JOB,
  PUSH_TTL_SECONDS,
  type PushPayload,
  pushFailureOf,
  pushFromEnv,
  sendPushNotice,
  topicOf,
} from './push-channel';

/**
 * Web Push (issue 38) against a real push endpoint started here: the server encrypts (aes128gcm)
 * and signs (VAPID) each push and POSTs it; this endpoint checks the headers and decrypts the body
 * with the subscription's private key, as a browser's push service and the browser would. Paths
 * under /gone answer 410 (the subscription expired), under /busy 503, /redirect-302… a redirect to
 * /internal/… here (an internal address a push service must not lead the server to).
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
const pushService = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '/';
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
    const redirect = path.match(/^\/redirect-(30\d)/);
    if (redirect) response.setHeader('Location', `${base}/internal${path}`);
    response.statusCode = redirect
      ? Number(redirect[1])
      : path.startsWith('/gone')
        ? 410
        : path.startsWith('/busy')
          ? 503
          : 201;
    response.end();
  });
});

/** A device: its push endpoint here and the keys a browser would make for the subscription. */
interface Device {
  path: string;
  endpoint: string;
  ecdh: ECDH;
  auth: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}
function device(path: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const endpoint = `${base}${path}`;
  return {
    path,
    endpoint,
    ecdh,
    auth,
    json: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth } },
  };
}
const decrypted = (push: Received, to: Device) =>
  JSON.parse(
    decrypt(push.body, { version: 'aes128gcm', privateKey: to.ecdh, authSecret: to.auth }).toString('utf8'),
  ) as PushPayload;

let app: FastifyInstance;
let base: string;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let pupilId: number;
let lessonIds: number[];
const day = new Date(Date.parse(journalUntil(schoolToday())) + 86_400_000).toISOString().slice(0, 10);
const logged: string[] = [];
const log = (message: string) => logged.push(message);
/** `localhost` is added so the resolver's refusal of what it resolves to (127.0.0.1) is what answers. */
const settings = { subject: 'mailto:admin@parta.test', allowHttp: true, allowedHosts: ['localhost'] };

async function pushesTo(path: string, count = 1) {
  const until = Date.now() + 15_000;
  for (;;) {
    const pushes = received.filter((push) => push.path === path);
    if (pushes.length >= count || Date.now() > until) return pushes;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
async function subscribe(login: string, to: Device) {
  const response = await call(app, tokens[login], 'POST', '/api/notifications/push/subscriptions', to.json);
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; endpoint: string };
}
const markAbsent = (lessonId: number) => markAbsentAs(app, tokens.teacher, lessonId, pupilId);
const subscriptionsOf = (userId: number) =>
  app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

beforeAll(async () => {
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  app = await createTestApp({ push: settings, queue: { pollingSeconds: 0.5 } });
  for (const login of ['teacher', 'parent', 'student', 'director', 'director2']) {
    tokens[login] = await loginAs(app, login);
    [{ id: ids[login] }] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  }
  ({ pupilId, lessonIds } = await pupilWithExtraLessons(app.db, ids.teacher, day, [11, 12, 13, 14]));
  await setSchoolSettings(app, tokens.director, {
    quiet_hours_from: 0,
    quiet_hours_to: 0,
    absence_correction_minutes: 0,
  });
}, 180_000);

afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
});

describe('VAPID keys and settings', () => {
  it('are made on the first start, kept in one row and given to the signed-in', async () => {
    const rows = await app.db.select().from(pushKeys);
    expect(rows).toHaveLength(1);
    expect(await ensureVapidKeys(app.db)).toEqual({
      publicKey: rows[0].publicKey,
      privateKey: rows[0].privateKey,
    });
    const response = await call(app, tokens.parent, 'GET', '/api/notifications/push/key');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.public_key).toBe(rows[0].publicKey);
    expect(Buffer.from(rows[0].publicKey, 'base64url')).toHaveLength(65);
    expect((await call(app, undefined, 'GET', '/api/notifications/push/key')).statusCode).toBe(401);
  });

  it('reads the subject and the http allowance from the environment', () => {
    expect(pushFromEnv({})).toEqual({
      subject: 'mailto:noreply@parta.invalid',
      allowHttp: false,
      allowedHosts: [],
    });
    expect(pushFromEnv({ PARTA_PUBLIC_URL: 'https://parta.school.ru/' })).toEqual({
      subject: 'https://parta.school.ru',
      allowHttp: false,
      allowedHosts: [],
    });
    expect(
      pushFromEnv({
        PUSH_SUBJECT: 'mailto:it@school.ru',
        PUSH_ALLOW_HTTP: '1',
        PUSH_ALLOWED_HOSTS: 'Push.School.ru, *.push.example.org',
      }),
    ).toEqual({
      subject: 'mailto:it@school.ru',
      allowHttp: true,
      allowedHosts: ['push.school.ru', '*.push.example.org'],
    });
  });

  it('reads a push service’s answer: gone unsubscribes, 429 and 5xx retry, the rest drop', () => {
    expect(pushFailureOf(404)).toBe('unsubscribe');
    expect(pushFailureOf(410)).toBe('unsubscribe');
    expect(pushFailureOf(429)).toBe('retry');
    expect(pushFailureOf(503)).toBe('retry');
    expect(pushFailureOf(413)).toBe('drop');
    expect(pushFailureOf(403)).toBe('drop');
  });
});

describe('subscriptions', () => {
  it('refuses a bad subscription in Russian, and http endpoints unless the server allows them', async () => {
    const bad = await call(app, tokens.parent, 'POST', '/api/notifications/push/subscriptions', {
      endpoint: 'не адрес',
      keys: { p256dh: 'abc', auth: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().errors as Record<string, string[]>;
    expect(Object.values(fields).flat().join(' ')).toMatch(/Неверный адрес подписки/);
    expect(Object.values(fields).flat().join(' ')).toMatch(/неверная длина ключа/);
    const actor = { userId: ids.parent } as never;
    await expect(
      subscribePush(app.db, actor, { allowHttp: false }, device('/plain').json),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await subscriptionsOf(ids.parent)).toHaveLength(0);
  });

  it('keeps a device bound to the user who subscribed it: another user posting its endpoint gets 409', async () => {
    const phone = device('/phone-a');
    await subscribe('parent', phone);
    // The pupil learnt the parent's endpoint and posts it with keys of their own: refused, nothing moves.
    const pupils = device('/phone-a');
    const taken = await call(app, tokens.student, 'POST', '/api/notifications/push/subscriptions', {
      endpoint: phone.endpoint,
      keys: pupils.json.keys,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/уже принадлежит другому пользователю/);
    expect(await subscriptionsOf(ids.student)).toHaveLength(0);
    const [kept] = await subscriptionsOf(ids.parent);
    expect(kept).toMatchObject({
      endpoint: phone.endpoint,
      p256dh: phone.json.keys.p256dh,
      auth: phone.auth,
    });
    // The owner posting it again (the browser renewed its keys) keeps it, with the new keys.
    const renewed = await call(app, tokens.parent, 'POST', '/api/notifications/push/subscriptions', {
      endpoint: phone.endpoint,
      keys: pupils.json.keys,
    });
    expect(renewed.statusCode).toBe(201);
    expect((await subscriptionsOf(ids.parent)).map((row) => row.p256dh)).toEqual([pupils.json.keys.p256dh]);
    expect(
      (
        await call(app, tokens.student, 'DELETE', '/api/notifications/push/subscriptions', {
          endpoint: phone.endpoint,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps one row per device for its user; another school’s user cannot remove it', async () => {
    const phone = device('/phone-a2');
    await subscribe('parent', phone);
    await subscribe('parent', phone);
    expect(await subscriptionsOf(ids.parent)).toHaveLength(2); // /phone-a of the test above and this one
    await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, `${base}/phone-a`));
    expect(await subscriptionsOf(ids.parent)).toHaveLength(1);
    const preferences = notificationPreferencesSchema.parse(
      (await call(app, tokens.parent, 'GET', '/api/notifications/preferences')).json().data,
    );
    expect(preferences.push_devices).toBe(1);
    expect(preferences.push.absence).toBe(true);
    for (const login of ['director2', 'teacher']) {
      const other = await call(app, tokens[login], 'DELETE', '/api/notifications/push/subscriptions', {
        endpoint: phone.endpoint,
      });
      expect(other.statusCode).toBe(404);
    }
    expect(
      (await call(app, tokens.parent, 'DELETE', '/api/notifications/push/subscriptions', { endpoint: 'x' }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await call(app, undefined, 'DELETE', '/api/notifications/push/subscriptions', {
          endpoint: phone.endpoint,
        })
      ).statusCode,
    ).toBe(401);
    const own = await call(app, tokens.parent, 'DELETE', '/api/notifications/push/subscriptions', {
      endpoint: phone.endpoint,
    });
    expect(own.statusCode).toBe(204);
    expect(await subscriptionsOf(ids.parent)).toHaveLength(0);
  });
});

describe('pushing', () => {
  let phone: Device;
  beforeAll(() => {
    phone = device('/phone-b');
  });

  it('pushes an absence to the parent’s device: encrypted, signed, with TTL and topic, in Russian', async () => {
    await subscribe('parent', phone);
    await markAbsent(lessonIds[0]);
    const [push] = await pushesTo(phone.path);
    expect(push).toBeDefined();
    expect(push.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    const dedupeKey = `absence:${pupilId}:${day}`;
    expect(push.headers.topic).toBe(topicOf(dedupeKey));
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('normal');

    // Authorization: vapid t=<JWT signed ES256 by the server's key for this origin>, k=<public key>.
    const [{ publicKey }] = await app.db.select().from(pushKeys);
    const auth = push.headers.authorization ?? '';
    const [, token, key] = auth.match(/^vapid t=([^,]+), k=(.+)$/) ?? [];
    expect(key).toBe(publicKey);
    const [header, claims, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
    const claim = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(claim).toMatchObject({ aud: base, sub: settings.subject });
    expect(claim.exp * 1000).toBeGreaterThan(Date.now());
    const raw = Buffer.from(publicKey, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    };
    expect(
      verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);

    const payload = decrypted(push, phone);
    expect(payload.title).toMatch(/: пропуск \d\d\.\d\d\.\d\d$/);
    expect(payload.body).toMatch(/^Пропущено уроков: 1\n11-й урок — /);
    expect(payload.url).toBe(`/diary?week=${day}&student=${pupilId}`);
    expect(payload.tag).toBe(topicOf(dedupeKey));
    expect(
      await app.db.select().from(pushDeliveries).where(eq(pushDeliveries.dedupeKey, dedupeKey)),
    ).toHaveLength(1);
  });

  it('pushes a retried job nothing twice; a changed notice goes again under the same topic', async () => {
    const dedupeKey = `absence:${pupilId}:${day}`;
    await sendPushNotice(app.db, settings, { userId: ids.parent, dedupeKey }, log);
    expect(received.filter((push) => push.path === phone.path)).toHaveLength(1);
    await markAbsent(lessonIds[1]);
    const pushes = await pushesTo(phone.path, 2);
    expect(pushes).toHaveLength(2);
    expect(pushes[1].headers.topic).toBe(pushes[0].headers.topic);
    expect(decrypted(pushes[1], phone).body).toMatch(/^Пропущено уроков: 2\n/);
  });

  it('sends no push of a category the user turned off; the bell still has it', async () => {
    const off = await call(app, tokens.parent, 'PUT', '/api/notifications/preferences', {
      push: { absence: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.push).toMatchObject({ absence: false, marks: true });
    await markAbsent(lessonIds[2]);
    const until = Date.now() + 15_000;
    let body = '';
    while (!body.startsWith('Пропущено уроков: 3') && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      body = (await call(app, tokens.parent, 'GET', '/api/notifications')).json().data[0].body;
    }
    expect(body).toMatch(/^Пропущено уроков: 3\n/);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // the push job ran and sent nothing
    expect(received.filter((push) => push.path === phone.path)).toHaveLength(2);
    await sendPushNotice(
      app.db,
      settings,
      { userId: ids.parent, dedupeKey: `absence:${pupilId}:${day}` },
      log,
    );
    expect(await pushesTo(phone.path, 3)).toHaveLength(2);
    await call(app, tokens.parent, 'PUT', '/api/notifications/preferences', { push: { absence: true } });
  });

  it('forgets a device the push service says is gone (410), keeps the others, retries a busy one', async () => {
    const gone = device('/gone-1');
    const busy = device('/busy-1');
    await subscribe('parent', gone);
    await subscribe('parent', busy);
    logged.length = 0;
    const dedupeKey = `absence:${pupilId}:${day}`;
    await expect(sendPushNotice(app.db, settings, { userId: ids.parent, dedupeKey }, log)).rejects.toThrow(
      /503/,
    );
    expect((await pushesTo(gone.path)).length).toBe(1);
    expect((await pushesTo(busy.path)).length).toBe(1);
    const left = (await subscriptionsOf(ids.parent)).map((row) => row.endpoint).sort();
    expect(left).toEqual([busy.endpoint, phone.endpoint].sort());
    expect(logged.join('\n')).toMatch(/410, подписка удалена/);
    // Push back on: the phone got the day's third version now, once; the retry pushes it no more.
    expect(decrypted((await pushesTo(phone.path, 3))[2], phone).body).toMatch(/^Пропущено уроков: 3\n/);
    await expect(sendPushNotice(app.db, settings, { userId: ids.parent, dedupeKey }, log)).rejects.toThrow();
    expect(received.filter((push) => push.path === busy.path)).toHaveLength(2);
    expect(received.filter((push) => push.path === phone.path)).toHaveLength(3);
  });

  it('pushes to the family’s devices only: not the teacher who entered it, not another school', async () => {
    const other = device('/other-school');
    const teacherPhone = device('/teacher');
    await subscribe('director2', other);
    await subscribe('teacher', teacherPhone);
    await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, `${base}/busy-1`));
    await markAbsent(lessonIds[3]);
    expect(decrypted((await pushesTo(phone.path, 4))[3], phone).body).toMatch(/^Пропущено уроков: 4\n/);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(received.filter((push) => [other.path, teacherPhone.path].includes(push.path))).toHaveLength(0);
    const queued = await rowsOf<{ user_id: string }>(
      app.db,
      sql`select data->>'userId' as user_id from pgboss.job where name = ${PUSH_JOB}`,
    );
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.map((job) => Number(job.user_id))).not.toContain(ids.director2);
    expect(queued.map((job) => Number(job.user_id))).not.toContain(ids.teacher);
  });
});

describe('the address guard (issue 48): the server never calls its own network', () => {
  const keys = () => device('/guard').json.keys;
  const refused: Array<[string, RegExp]> = [
    ['https://127.0.0.1:4443/wpush/v2/abc', /внутреннюю сеть/],
    ['https://localhost/wpush/v2/abc', /внутреннюю сеть/], // resolved: 127.0.0.1
    ['https://[::1]/wpush/v2/abc', /внутреннюю сеть/],
    ['https://0x7f000001/wpush/v2/abc', /внутреннюю сеть/],
    ['https://2130706433/wpush/v2/abc', /внутреннюю сеть/],
    ['https://169.254.169.254/latest/meta-data/', /внутреннюю сеть/],
    ['https://10.1.2.3/wpush/v2/abc', /внутреннюю сеть/],
    ['https://172.16.0.1/x', /внутреннюю сеть/],
    ['https://192.168.1.1/x', /внутреннюю сеть/],
    ['https://100.64.0.1/x', /внутреннюю сеть/], // CGNAT
    ['https://[fd00:ec2::254]/latest/meta-data/', /внутреннюю сеть/], // unique-local (a cloud's metadata)
    ['https://[fe80::1]/x', /внутреннюю сеть/],
    ['https://[::ffff:127.0.0.1]/x', /внутреннюю сеть/],
    ['https://[::ffff:a9fe:a9fe]/x', /внутреннюю сеть/],
    ['https://0.0.0.0/x', /внутреннюю сеть/],
    ['http://10.1.2.3/x', /https:\/\//], // PUSH_ALLOW_HTTP admits http://127.0.0.1 only
    ['http://localhost:4443/x', /https:\/\//],
    ['http://[::1]:4443/x', /https:\/\//],
    ['https://push.attacker.example/x', /не служба push браузера/],
    ['https://fcm.googleapis.com.attacker.example/x', /не служба push браузера/],
  ];

  it.each(refused)('refuses %s with a Russian field error and keeps nothing', async (endpoint, reason) => {
    const response = await call(app, tokens.student, 'POST', '/api/notifications/push/subscriptions', {
      endpoint,
      keys: keys(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.endpoint.join(' ')).toMatch(reason);
    expect(await subscriptionsOf(ids.student)).toHaveLength(0);
  });

  it('calls no internal address at delivery: an endpoint kept from before, or a name that resolves inside', async () => {
    let connections = 0;
    const listener = createNetServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    const inside = [
      `https://127.0.0.1:${port}/kept`,
      `https://localhost:${port}/rebound`, // allowed by name, resolves to 127.0.0.1 now
      `https://[::ffff:7f00:1]:${port}/mapped`,
      `http://localhost:${port}/plain`,
    ];
    await app.db
      .insert(pushSubscriptions)
      .values(inside.map((endpoint) => ({ userId: ids.parent, endpoint, ...device('/x').json.keys })));
    logged.length = 0;
    try {
      await sendPushNotice(
        app.db,
        settings,
        { userId: ids.parent, dedupeKey: `absence:${pupilId}:${day}` },
        log,
      ).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(connections).toBe(0);
      const left = (await subscriptionsOf(ids.parent)).map((row) => row.endpoint);
      for (const endpoint of inside) expect(left).not.toContain(endpoint);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await app.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, inside));
    }
    expect(
      logged.filter((line) => /не доставлен \(.*(внутреннюю сеть|https:\/\/).*подписка удалена/.test(line)),
    ).toHaveLength(4);
  });

  it('follows no redirect: a 302 or 303 from the push service is its answer, the target is never requested', async () => {
    const redirects = [device('/redirect-302'), device('/redirect-303'), device('/redirect-307')];
    for (const to of redirects) await subscribe('parent', to);
    logged.length = 0;
    // Whatever the job makes of the answers, what counts is where the server went.
    await sendPushNotice(
      app.db,
      settings,
      { userId: ids.parent, dedupeKey: `absence:${pupilId}:${day}` },
      log,
    ).catch(() => undefined);
    for (const to of redirects) expect(await pushesTo(to.path)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received.filter((push) => push.path.startsWith('/internal'))).toEqual([]);
    expect(logged.join('\n')).toMatch(/не доставлен \(ответ 302\)/);
    for (const to of redirects)
      await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, to.endpoint));
  });
});

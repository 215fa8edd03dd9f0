import { currentUserSchema, loginResponseSchema } from '@parta/shared/domain/contracts/auth';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authHeader, call, createTestApp, loginAs } from '../../../test/helpers';

describe('sign-in, current user and sign-out', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers {data: {token, user}} for the demo director, with numbers for the balances', async () => {
    const response = await call(app, undefined, 'POST', '/api/auth/login', {
      login: 'director',
      password: 'parta2026',
    });
    expect(response.statusCode).toBe(200);
    const body = loginResponseSchema.parse(response.json());
    expect(body.data.token.length).toBeGreaterThan(30);
    expect(body.data.user.login).toBe('director');
    expect(body.data.user.organization).toMatchObject({
      short_name: 'МБОУ СОШ №1',
      balance: 15400,
      bonus_balance: 2500,
    });
  });

  it('accepts the login in any letter case', async () => {
    const response = await call(app, undefined, 'POST', '/api/auth/login', {
      login: 'Director',
      password: 'parta2026',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 422 with the same text for a wrong password and an unknown login', async () => {
    const wrong = await call(app, undefined, 'POST', '/api/auth/login', {
      login: 'zavuch',
      password: 'nope',
    });
    const unknown = await call(app, undefined, 'POST', '/api/auth/login', {
      login: 'nobody',
      password: 'parta2026',
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'Неверный логин или пароль' });
    expect(unknown.json()).toEqual({ message: 'Неверный логин или пароль' });
  });

  it('validates the login body in Russian', async () => {
    const response = await call(app, undefined, 'POST', '/api/auth/login', { login: '' });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('Проверьте введённые данные');
    expect(body.errors.login).toEqual(['Укажите логин']);
    expect(body.errors.password).toEqual(['Укажите пароль']);
  });

  it('answers 400 in Russian for malformed JSON, never 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Некорректный JSON в теле запроса' });
  });

  it('POST /api/auth/me answers the user with roles, permissions [{key}] and the organization', async () => {
    const token = await loginAs(app, 'teacher');
    const response = await call(app, token, 'POST', '/api/auth/me');
    expect(response.statusCode).toBe(200);
    const user = currentUserSchema.parse(response.json().data);
    expect(user).toMatchObject({
      login: 'teacher',
      surname: 'Лебедева',
      name: 'Ольга',
      patronymic: 'Николаевна',
    });
    expect(user.roles.map((role) => role.code).sort()).toEqual(['class_teacher', 'teacher']);
    expect(user.permissions).toContainEqual({ key: 'journals.view' });
    expect(user.permissions).not.toContainEqual({ key: 'users.view' });
    expect(Object.keys(response.json().data.organization).sort()).toEqual(
      ['balance', 'bonus_balance', 'id', 'is_platform', 'name', 'short_name', 'working_days_per_week'].sort(),
    );
    // The demo school keeps the default six-day week: the calendars' weekend is Sunday only.
    expect(response.json().data.organization.working_days_per_week).toBe(6);
  });

  it('accepts /me with an empty JSON body', async () => {
    const token = await loginAs(app, 'zavuch');
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { ...authHeader(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
    const expected = { message: 'Требуется вход в систему' };
    const none = await call(app, undefined, 'POST', '/api/auth/me');
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { authorization: 'Token abc' },
    });
    const unknown = await call(app, 'not-a-real-token', 'GET', '/api/users');
    for (const response of [none, malformed, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(expected);
    }
  });

  it('answers 401 before validating the input of a protected route', async () => {
    const response = await call(app, undefined, 'GET', '/api/users?page=-5');
    expect(response.statusCode).toBe(401);
  });

  it('logout revokes only that token', async () => {
    const first = await loginAs(app, 'director');
    const second = await loginAs(app, 'director');
    const logout = await call(app, first, 'POST', '/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect(logout.json().message).toBe('Вы вышли из системы');
    expect((await call(app, first, 'POST', '/api/auth/me')).statusCode).toBe(401);
    expect((await call(app, first, 'POST', '/api/auth/logout')).statusCode).toBe(401);
    expect((await call(app, second, 'POST', '/api/auth/me')).statusCode).toBe(200);
  });

  it('a deactivated user cannot sign in and their open tokens stop working', async () => {
    const token = await loginAs(app, 'parent');
    await app.db.execute(sql`update users set active = false where login = 'parent'`);
    expect((await call(app, token, 'POST', '/api/auth/me')).statusCode).toBe(401);
    const response = await call(app, undefined, 'POST', '/api/auth/login', {
      login: 'parent',
      password: 'parta2026',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Неверный логин или пароль' });
  });

  it('stores tokens only as a hash', async () => {
    const token = await loginAs(app, 'zavuch');
    const rows = (await app.db.execute(sql`select token_hash from api_tokens`)) as unknown as {
      rows: { token_hash: string }[];
    };
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers 404 {message} for unknown API routes and 200 for health', async () => {
    const missing = await call(app, undefined, 'GET', '/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Не найдено' });
    const health = await call(app, undefined, 'GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
  });

  it('serves the OpenAPI document at /api/docs/json with every API route', async () => {
    const response = await call(app, undefined, 'GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of ['/api/auth/login', '/api/auth/me', '/api/users', '/api/users/{id}', '/api/roles']) {
      expect(paths).toContain(path);
    }
    expect((await call(app, undefined, 'GET', '/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('sign-in rate limiting', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 in Russian after 10 failed attempts for one IP + login, other logins unaffected', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await call(app, undefined, 'POST', '/api/auth/login', {
        login: 'zavuch',
        password: `wrong${attempt}`,
      });
      expect(response.statusCode).toBe(422);
    }
    const blocked = await call(app, undefined, 'POST', '/api/auth/login', {
      login: 'zavuch',
      password: 'parta2026',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Слишком много попыток входа/);

    const otherLogin = await call(app, undefined, 'POST', '/api/auth/login', {
      login: 'director',
      password: 'parta2026',
    });
    expect(otherLogin.statusCode).toBe(200);
    const otherIp = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.7',
      payload: { login: 'zavuch', password: 'parta2026' },
    });
    expect(otherIp.statusCode).toBe(200);
  });

  it('successful sign-ins do not count towards the limit', async () => {
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.8',
        payload: { login: 'teacher', password: 'parta2026' },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('counts the per-IP flood guard (120 a minute) across two API instances on one database', async () => {
    // A second instance of the API on the same database, as behind a load balancer.
    const other = await createTestApp({ database: app.dbHandle, closeDatabase: false });
    try {
      const attempt = (instance: FastifyInstance, remoteAddress: string) =>
        instance.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          // Refused by validation (422) after the flood guard counted it: no password hashing.
          payload: { login: '', password: '' },
        });
      for (let i = 0; i < 120; i += 1) {
        expect((await attempt(i % 2 === 0 ? app : other, '10.0.0.9')).statusCode).toBe(422);
      }
      for (const instance of [app, other]) {
        const refused = await attempt(instance, '10.0.0.9');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toMatch(/^Слишком много запросов/);
      }
      // Another address has a count of its own.
      expect((await attempt(other, '10.0.0.10')).statusCode).toBe(422);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/auth/password: changing one’s own password', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({ loginMaxFailures: 3 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('needs a signed-in caller', async () => {
    const response = await call(app, undefined, 'POST', '/api/auth/password', {
      current_password: 'parta2026',
      new_password: 'a-new-password',
    });
    expect(response.statusCode).toBe(401);
  });

  it('validates in Russian: a short new password, the same password, missing fields', async () => {
    const token = await loginAs(app, 'zavuch');
    const short = await call(app, token, 'POST', '/api/auth/password', {
      current_password: 'parta2026',
      new_password: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.new_password).toEqual(['Пароль не короче 8 символов']);
    const same = await call(app, token, 'POST', '/api/auth/password', {
      current_password: 'parta2026',
      new_password: 'parta2026',
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.new_password).toEqual(['Новый пароль совпадает с текущим']);
    const empty = await call(app, token, 'POST', '/api/auth/password', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['current_password', 'new_password']);
  });

  it('refuses a wrong current password with a field error and keeps the old one', async () => {
    const token = await loginAs(app, 'zavuch');
    const response = await call(app, token, 'POST', '/api/auth/password', {
      current_password: 'not-my-password',
      new_password: 'a-new-password',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ current_password: ['Неверный текущий пароль'] });
    await expect(loginAs(app, 'zavuch')).resolves.toEqual(expect.any(String));
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const here = await loginAs(app, 'teacher');
    const elsewhere = await loginAs(app, 'teacher');
    const response = await call(app, here, 'POST', '/api/auth/password', {
      current_password: 'parta2026',
      new_password: 'Учитель-2027',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Пароль изменён' });
    expect((await call(app, here, 'POST', '/api/auth/me')).statusCode).toBe(200);
    expect((await call(app, elsewhere, 'POST', '/api/auth/me')).statusCode).toBe(401);
    await expect(loginAs(app, 'teacher')).rejects.toThrow(/422/);
    await expect(loginAs(app, 'teacher', 'Учитель-2027')).resolves.toEqual(expect.any(String));
  });

  it('counts wrong current passwords against the sign-in limit (429 after the limit)', async () => {
    const token = await loginAs(app, 'director');
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await call(app, token, 'POST', '/api/auth/password', {
        current_password: `guess${attempt}`,
        new_password: 'a-new-password',
      });
      expect(wrong.statusCode).toBe(422);
    }
    const blocked = await call(app, token, 'POST', '/api/auth/password', {
      current_password: 'parta2026',
      new_password: 'a-new-password',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Слишком много попыток/);
  });
});

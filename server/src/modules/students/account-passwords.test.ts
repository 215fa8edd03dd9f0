import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@parta/shared/domain/contracts/auth';
import { resetPasswordResponseSchema } from '@parta/shared/domain/contracts/users';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs, loginWithOneTimePassword } from '../../../test/helpers';
import { ACCOUNT_RESET_FORBIDDEN } from './account-passwords.service';

/**
 * One-time passwords: whoever gets a password from someone else (a new account, a reset) can call
 * nothing but /auth/me, the password change and sign-out until they set their own; the class teacher
 * of the class or a завуч gives a pupil or a parent a new one from the student card.
 */

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let pupilId: number;
let parentUserId: number;
let plainTeacherToken: string;

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'director2', 'zavuch', 'teacher', 'student', 'parent'])
    tokens[login] = await loginAs(app, login);
  const rows = (await app.db.execute(sql`
    select s.id as pupil_id, sp.parent_user_id as parent_id
      from students s join users u on u.id = s.user_id
      join student_parents sp on sp.student_id = s.id
      join users p on p.id = sp.parent_user_id and p.login = 'parent'
     where u.login = 'student'`)) as unknown as { rows: { pupil_id: number; parent_id: number }[] };
  pupilId = Number(rows.rows[0].pupil_id);
  parentUserId = Number(rows.rows[0].parent_id);

  const roles = (await call(app, tokens.director, 'GET', '/api/roles')).json() as {
    id: number;
    code: string;
  }[];
  const me = (await call(app, tokens.director, 'POST', '/api/auth/me')).json().data;
  const created = await call(app, tokens.director, 'POST', '/api/users', {
    surname: 'Предметникова',
    name: 'Ольга',
    login: 'plain.teacher',
    organization_id: me.organization.id,
    role_ids: [roles.find((role) => role.code === 'teacher')!.id],
  });
  expect(created.statusCode).toBe(201);
  plainTeacherToken = await loginWithOneTimePassword(app, 'plain.teacher', created.json().password);
}, 120_000);

afterAll(async () => {
  await app.close();
});

// First, while the demo sessions of the pupil and the parent are still valid (later tests reset them).
describe('pupils and parents', () => {
  it('/auth/me of a pupil and a parent carries no balance; a director’s does', async () => {
    for (const login of ['student', 'parent']) {
      const me = (await call(app, tokens[login], 'POST', '/api/auth/me')).json().data;
      expect({ login, balance: me.organization.balance, bonus: me.organization.bonus_balance }).toEqual({
        login,
        balance: null,
        bonus: null,
      });
    }
    const director = (await call(app, tokens.director, 'POST', '/api/auth/me')).json().data;
    expect(director.organization.balance).toEqual(expect.any(Number));
    expect(director.organization.balance).not.toBe(0);
  });

  it('a pupil and a parent may not reset passwords from the card (403)', async () => {
    for (const login of ['student', 'parent']) {
      const pupil = await call(app, tokens[login], 'POST', `/api/students/${pupilId}/reset-password`);
      const parent = await call(
        app,
        tokens[login],
        'POST',
        `/api/students/${pupilId}/parents/${parentUserId}/reset-password`,
      );
      expect({ login, pupil: pupil.statusCode, parent: parent.statusCode }).toEqual({
        login,
        pupil: 403,
        parent: 403,
      });
    }
  });
});

describe('a one-time password must be changed before anything else opens', () => {
  it('a new staff member signs in, may read /auth/me, is refused every other route until the password is changed', async () => {
    const roles = (await call(app, tokens.director, 'GET', '/api/roles')).json() as {
      id: number;
      code: string;
    }[];
    const me = (await call(app, tokens.director, 'POST', '/api/auth/me')).json().data;
    const created = await call(app, tokens.director, 'POST', '/api/users', {
      surname: 'Новенькая',
      name: 'Анна',
      login: 'new.staff',
      organization_id: me.organization.id,
      role_ids: [roles.find((role) => role.code === 'deputy')!.id],
    });
    const oneTime = created.json().password as string;
    const token = await loginAs(app, 'new.staff', oneTime);

    const who = await call(app, token, 'POST', '/api/auth/me');
    expect(who.statusCode).toBe(200);
    expect(who.json().data.password_change_required).toBe(true);

    for (const [method, url] of [
      ['GET', '/api/group'],
      ['GET', '/api/students'],
      ['GET', '/api/journal/week'],
      ['POST', '/api/users'],
    ] as const) {
      const refused = await call(app, token, method, url, method === 'POST' ? {} : undefined);
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 403 });
      expect(refused.json()).toEqual({
        message: PASSWORD_CHANGE_REQUIRED_MESSAGE,
        password_change_required: true,
      });
    }

    const changed = await call(app, token, 'POST', '/api/auth/password', {
      current_password: oneTime,
      new_password: 'своё-новое-2026',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(app, token, 'GET', '/api/group')).statusCode).toBe(200);
    expect((await call(app, token, 'POST', '/api/auth/me')).json().data.password_change_required).toBe(false);
  });

  it('sign-out stays open with a pending change', async () => {
    const reset = await call(app, tokens.director, 'POST', `/api/students/${pupilId}/reset-password`);
    const pending = await loginAs(app, 'student', reset.json().data.password);
    expect((await call(app, pending, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await call(app, pending, 'POST', '/api/auth/me')).statusCode).toBe(401);
  });

  it('the demo accounts are not asked to change their password', async () => {
    for (const login of ['director', 'zavuch', 'teacher', 'parent']) {
      const me = (await call(app, tokens[login], 'POST', '/api/auth/me')).json().data;
      expect({ login, pending: me.password_change_required }).toEqual({ login, pending: false });
    }
  });

  it('a reset of a staff member makes their next sign-in one-time too', async () => {
    const staff = (await call(app, tokens.director, 'GET', '/api/users?search=plain.teacher')).json().data;
    const reset = await call(app, tokens.director, 'POST', `/api/users/${staff[0].id}/reset-password`);
    const token = await loginAs(app, 'plain.teacher', reset.json().data.password);
    expect((await call(app, token, 'GET', '/api/group')).statusCode).toBe(403);
    plainTeacherToken = await loginWithOneTimePassword(
      app,
      'plain.teacher',
      reset.json().data.password,
      'снова-своё-2026',
    );
  });
});

describe('POST /api/students/{id}/reset-password and /parents/{userId}/reset-password', () => {
  it('the class teacher of the class gives the pupil a one-time password, shown once; the old one stops working', async () => {
    const response = await call(app, tokens.teacher, 'POST', `/api/students/${pupilId}/reset-password`);
    expect(response.statusCode).toBe(200);
    const body = resetPasswordResponseSchema.parse(response.json());
    expect(body.data.login).toBe('student');
    expect(body.data.password).toMatch(/^\S{8,}$/);
    await expect(loginAs(app, 'student', 'parta2026')).rejects.toThrow(/422/);

    const pupil = await loginAs(app, 'student', body.data.password);
    const refused = await call(app, pupil, 'GET', '/api/diary');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PASSWORD_CHANGE_REQUIRED_MESSAGE);
    expect((await call(app, pupil, 'POST', '/api/auth/me')).json().data.password_change_required).toBe(true);
  });

  it('a завуч gives a parent of the pupil a one-time password', async () => {
    const response = await call(
      app,
      tokens.zavuch,
      'POST',
      `/api/students/${pupilId}/parents/${parentUserId}/reset-password`,
    );
    expect(response.statusCode).toBe(200);
    const { data } = resetPasswordResponseSchema.parse(response.json());
    expect(data).toMatchObject({ id: parentUserId, login: 'parent' });
    const parent = await loginAs(app, 'parent', data.password);
    expect((await call(app, parent, 'POST', '/api/auth/me')).json().data.password_change_required).toBe(true);
  });

  it('a teacher who is not the class teacher gets 403 with a Russian message', async () => {
    const response = await call(app, plainTeacherToken, 'POST', `/api/students/${pupilId}/reset-password`);
    expect(response.statusCode).toBe(403);
    const parent = await call(
      app,
      plainTeacherToken,
      'POST',
      `/api/students/${pupilId}/parents/${parentUserId}/reset-password`,
    );
    expect(parent.statusCode).toBe(403);
  });

  it('the class teacher of another class gets 403 with the reason', async () => {
    const other = (await app.db.execute(sql`
      select s.id from students s join classes c on c.id = s.class_id
       where c.manager_id <> (select id from users where login = 'teacher')
         and c.organization_id = (select organization_id from users where login = 'teacher')
         limit 1`)) as unknown as { rows: { id: number }[] };
    const response = await call(
      app,
      tokens.teacher,
      'POST',
      `/api/students/${other.rows[0].id}/reset-password`,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCOUNT_RESET_FORBIDDEN);
  });

  it("another school's director gets 404, for the pupil and for the parent", async () => {
    expect(
      (await call(app, tokens.director2, 'POST', `/api/students/${pupilId}/reset-password`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          app,
          tokens.director2,
          'POST',
          `/api/students/${pupilId}/parents/${parentUserId}/reset-password`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('a parent who is not the pupil’s is not found; a pupil without a diary login answers 409', async () => {
    const stranger = await call(
      app,
      tokens.zavuch,
      'POST',
      `/api/students/${pupilId}/parents/1/reset-password`,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Родитель не найден');
    const without = (await app.db.execute(sql`
      select s.id from students s where s.user_id is null
         and s.organization_id = (select organization_id from users where login = 'zavuch') limit 1`)) as unknown as {
      rows: { id: number }[];
    };
    const response = await call(
      app,
      tokens.zavuch,
      'POST',
      `/api/students/${without.rows[0].id}/reset-password`,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('У ученика ещё нет входа в дневник');
  });
});

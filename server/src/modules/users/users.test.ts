import { userListResponseSchema, userResponseSchema } from '@parta/shared/domain/contracts/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { users } from '../../db/schema';

describe('users and roles', () => {
  let app: FastifyInstance;
  let director: string;
  let director2: string;
  let admin: string;
  let teacher: string;

  beforeAll(async () => {
    app = await createTestApp();
    [director, director2, admin, teacher] = await Promise.all(
      ['director', 'director2', 'admin', 'teacher'].map((login) => loginAs(app, login)),
    );
  });
  afterAll(async () => {
    await app.close();
  });

  async function userIdOf(login: string): Promise<number> {
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, login));
    return user.id;
  }

  describe('GET /api/users', () => {
    it('answers a page of 15 with meta {current_page, per_page, total, last_page}', async () => {
      const response = await call(app, director, 'GET', '/api/users');
      expect(response.statusCode).toBe(200);
      const body = userListResponseSchema.parse(response.json());
      expect(body.data).toHaveLength(15);
      expect(body.meta.current_page).toBe(1);
      expect(body.meta.per_page).toBe(15);
      // 45 teachers + director + zavuch of школа №1, 5 teachers of the branch; students and parents are not staff.
      expect(body.meta.total).toBeGreaterThanOrEqual(50);
      expect(body.meta.last_page).toBe(Math.ceil(body.meta.total / 15));
      expect(body.data[0].roles.length).toBeGreaterThan(0);
      expect(body.data.some((user) => user.login === 'student' || user.login === 'parent')).toBe(false);
    });

    it('pages without overlap, sorted by full name', async () => {
      const first = (await call(app, director, 'GET', '/api/users?page=1&per_page=10')).json();
      const second = (await call(app, director, 'GET', '/api/users?page=2&per_page=10')).json();
      expect(second.meta.current_page).toBe(2);
      const firstIds = new Set(first.data.map((user: { id: number }) => user.id));
      expect(second.data.some((user: { id: number }) => firstIds.has(user.id))).toBe(false);
      // Initials only: PGlite and PostgreSQL collations may order ё and е differently inside a word.
      const initials = [...first.data, ...second.data].map((user: { surname: string }) => user.surname[0]);
      expect(initials).toEqual([...initials].sort((a, b) => a.localeCompare(b, 'ru')));
    });

    it('answers an empty page past the end', async () => {
      const body = (await call(app, director, 'GET', '/api/users?page=999')).json();
      expect(body.data).toEqual([]);
      expect(body.meta.current_page).toBe(999);
    });

    it('searches by full name (any case, several words), login and e-mail', async () => {
      const bySurname = (
        await call(app, director, 'GET', `/api/users?search=${encodeURIComponent('лебедева')}`)
      ).json();
      expect(bySurname.data.map((user: { login: string }) => user.login)).toContain('teacher');
      const byFullName = (
        await call(app, director, 'GET', `/api/users?search=${encodeURIComponent('Ольга Лебедева')}`)
      ).json();
      expect(byFullName.data.map((user: { login: string }) => user.login)).toEqual(['teacher']);
      const byLogin = (await call(app, director, 'GET', '/api/users?search=zavuch')).json();
      expect(byLogin.data.map((user: { login: string }) => user.login)).toEqual(['zavuch']);
      const byEmail = (await call(app, director, 'GET', '/api/users?search=director%40sch1')).json();
      expect(byEmail.data.map((user: { login: string }) => user.login)).toEqual(['director']);
      expect(byEmail.meta.total).toBe(1);
      const nothing = (await call(app, director, 'GET', '/api/users?search=zzzqqq')).json();
      expect(nothing).toEqual({ data: [], meta: { current_page: 1, per_page: 15, total: 0, last_page: 1 } });
    });

    it('treats % and _ in the search as plain characters', async () => {
      const body = (await call(app, director, 'GET', '/api/users?search=%25')).json();
      expect(body.meta.total).toBe(0);
    });

    it('filters by organization_id within the caller tree', async () => {
      const options = (await call(app, director, 'GET', '/api/organizations/my-and-children')).json().data;
      const branch = options.find((org: { parent_id: number | null }) => org.parent_id !== null);
      const body = (
        await call(app, director, 'GET', `/api/users?organization_id=${branch.id}&per_page=100`)
      ).json();
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.every((user: { organization_id: number }) => user.organization_id === branch.id)).toBe(
        true,
      );
    });

    it('validates the query in Russian (422)', async () => {
      const response = await call(app, director, 'GET', '/api/users?page=0&per_page=1000');
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.message).toBe('Проверьте введённые данные');
      expect(Object.keys(body.errors).sort()).toEqual(['page', 'per_page']);
      expect(body.errors.page[0]).toMatch(/[а-я]/i);
    });

    it('answers 403 in Russian without users.view', async () => {
      const response = await call(app, teacher, 'GET', '/api/users');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Недостаточно прав');
    });
  });

  describe('GET /api/users/{id}', () => {
    it('answers {data} with the roles', async () => {
      const id = await userIdOf('teacher');
      const response = await call(app, director, 'GET', `/api/users/${id}`);
      expect(response.statusCode).toBe(200);
      const body = userResponseSchema.parse(response.json());
      expect(body.data.login).toBe('teacher');
      expect(body.data.roles.map((role) => role.code).sort()).toEqual(['class_teacher', 'teacher']);
    });

    it('answers 404 for a missing, malformed or out-of-range id', async () => {
      expect((await call(app, director, 'GET', '/api/users/999999')).statusCode).toBe(404);
      expect((await call(app, director, 'GET', '/api/users/abc')).statusCode).toBe(404);
      expect((await call(app, director, 'GET', '/api/users/2147483648')).statusCode).toBe(404);
    });
  });

  describe('POST /api/users/{id}/reset-password', () => {
    it('answers a new password once; it works and the old sessions end', async () => {
      const id = await userIdOf('zavuch');
      const session = await loginAs(app, 'zavuch');
      const response = await call(app, director, 'POST', `/api/users/${id}/reset-password`);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ id, login: 'zavuch' });
      expect(data.password).toMatch(/^[A-Za-z0-9]{10}$/);
      expect((await call(app, session, 'POST', '/api/auth/me')).statusCode).toBe(401);
      await expect(loginAs(app, 'zavuch', data.password)).resolves.toEqual(expect.any(String));
    });

    it('needs users.edit', async () => {
      const id = await userIdOf('director');
      expect((await call(app, teacher, 'POST', `/api/users/${id}/reset-password`)).statusCode).toBe(403);
    });
  });

  describe('GET /api/roles', () => {
    it('answers a bare array of the assignable roles', async () => {
      const response = await call(app, director, 'GET', '/api/roles');
      expect(response.statusCode).toBe(200);
      const roles = response.json();
      expect(Array.isArray(roles)).toBe(true);
      expect(roles.map((role: { name: string }) => role.name)).toEqual(
        expect.arrayContaining([
          'Директор',
          'Завуч',
          'Учитель',
          'Классный руководитель',
          'Ученик',
          'Родитель',
        ]),
      );
      expect(roles.some((role: { code: string }) => role.code === 'platform_admin')).toBe(false);
    });

    it('includes the platform administrator role for the platform administrator', async () => {
      const roles = (await call(app, admin, 'GET', '/api/roles')).json();
      expect(roles.map((role: { name: string }) => role.name)).toContain('Администратор платформы');
    });

    it('accepts organization_id of the caller tree', async () => {
      const me = (await call(app, director, 'POST', '/api/auth/me')).json().data;
      const response = await call(app, director, 'GET', `/api/roles?organization_id=${me.organization.id}`);
      expect(response.statusCode).toBe(200);
    });
  });

  describe('tenancy: director2 (Гимназия №2) sees nothing of школа №1', () => {
    let school1Id: number;
    let school1UserIds: number[];

    beforeAll(async () => {
      school1Id = (await call(app, director, 'POST', '/api/auth/me')).json().data.organization.id;
      school1UserIds = [await userIdOf('director'), await userIdOf('teacher'), await userIdOf('student')];
    });

    it('the user list holds only Гимназия №2', async () => {
      const me = (await call(app, director2, 'POST', '/api/auth/me')).json().data;
      const body = (await call(app, director2, 'GET', '/api/users?per_page=100')).json();
      expect(body.meta.total).toBeGreaterThan(0);
      expect(
        body.data.every((user: { organization_id: number }) => user.organization_id === me.organization.id),
      ).toBe(true);
      const search = (
        await call(app, director2, 'GET', `/api/users?search=${encodeURIComponent('Лебедева')}`)
      ).json();
      expect(search.data.some((user: { login: string }) => user.login === 'teacher')).toBe(false);
    });

    it('filtering by школа №1 answers 404, not data', async () => {
      const response = await call(app, director2, 'GET', `/api/users?organization_id=${school1Id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().data).toBeUndefined();
      expect((await call(app, director2, 'GET', `/api/roles?organization_id=${school1Id}`)).statusCode).toBe(
        404,
      );
    });

    it('reading or resetting a школа №1 user by id answers 404 and changes nothing', async () => {
      for (const id of school1UserIds) {
        expect((await call(app, director2, 'GET', `/api/users/${id}`)).statusCode).toBe(404);
        expect((await call(app, director2, 'POST', `/api/users/${id}/reset-password`)).statusCode).toBe(404);
      }
      await expect(loginAs(app, 'director')).resolves.toEqual(expect.any(String));
    });

    it('the platform administrator sees every organization', async () => {
      const body = (await call(app, admin, 'GET', `/api/users?organization_id=${school1Id}`)).json();
      expect(body.meta.total).toBeGreaterThan(40);
    });
  });

  describe('staff routes touch staff only', () => {
    it('a director can neither read, reset nor change a student or parent account through /api/users/{id}', async () => {
      for (const login of ['student', 'parent']) {
        const id = await userIdOf(login);
        expect((await call(app, director, 'GET', `/api/users/${id}`)).statusCode).toBe(404);
        expect((await call(app, director, 'POST', `/api/users/${id}/reset-password`)).statusCode).toBe(404);
        const roles = (await call(app, director, 'GET', '/api/roles')).json() as {
          id: number;
          code: string;
        }[];
        const directorRole = roles.find((role) => role.code === 'director')!;
        const me = (await call(app, director, 'POST', '/api/auth/me')).json().data;
        const put = await call(app, director, 'PUT', `/api/users/${id}`, {
          surname: 'Захват',
          name: 'Попытка',
          login,
          organization_id: me.organization.id,
          role_ids: [directorRole.id],
        });
        expect(put.statusCode).toBe(404);
      }
      // Nothing changed: both still sign in with the demo password and still hold no staff key.
      for (const login of ['student', 'parent']) {
        const token = await loginAs(app, login);
        const me = (await call(app, token, 'POST', '/api/auth/me')).json().data;
        expect(me.permissions.map((p: { key: string }) => p.key)).not.toContain('users.view');
      }
    });

    it('an account placed in the platform organization without the platform role sees its own organization only', async () => {
      const adminMe = (await call(app, admin, 'POST', '/api/auth/me')).json().data;
      const teacherId = await userIdOf('teacher');
      await app.db
        .update(users)
        .set({ organizationId: adminMe.organization.id })
        .where(eq(users.id, teacherId));
      try {
        const moved = await loginAs(app, 'teacher');
        const options = (await call(app, moved, 'GET', '/api/organizations/my-and-children')).json().data;
        expect(options.map((option: { id: number }) => option.id)).toEqual([adminMe.organization.id]);
        const students = (await call(app, moved, 'GET', '/api/students')).json();
        expect(students.meta.total).toBe(0);
        const school1 = await call(app, director, 'POST', '/api/auth/me');
        const school1Id = school1.json().data.organization.id;
        expect((await call(app, moved, 'GET', `/api/students?organization_id=${school1Id}`)).statusCode).toBe(
          404,
        );
      } finally {
        const school1Id = (await call(app, director, 'POST', '/api/auth/me')).json().data.organization.id;
        await app.db.update(users).set({ organizationId: school1Id }).where(eq(users.id, teacherId));
      }
    });

    it('logins are unique whatever the case: «Ivanov» cannot join «ivanov»', async () => {
      const me = (await call(app, admin, 'POST', '/api/auth/me')).json().data;
      const roles = (await call(app, admin, 'GET', '/api/roles')).json() as { id: number; code: string }[];
      const teacherRole = roles.find((role) => role.code === 'teacher')!;
      const body = (login: string) => ({
        surname: 'Иванов',
        name: 'Иван',
        login,
        organization_id: me.organization.id,
        role_ids: [teacherRole.id],
      });
      expect((await call(app, admin, 'POST', '/api/users', body('ivanov.case'))).statusCode).toBe(201);
      const second = await call(app, admin, 'POST', '/api/users', body('Ivanov.Case'));
      expect(second.statusCode).toBe(422);
      expect(second.json().errors.login).toEqual(['Этот логин уже занят']);
      // The database refuses it too (the index on lower(login)), whatever a service forgets to check.
      await expect(
        app.db.insert(users).values({
          organizationId: me.organization.id,
          surname: 'Иванов',
          name: 'Иван',
          login: 'IVANOV.CASE',
          passwordHash: 'x',
        }),
      ).rejects.toThrow();
    });
  });
});

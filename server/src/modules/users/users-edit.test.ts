import { staffCreatedSchema, staffSchema } from '@parta/shared/domain/contracts/people';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let school1Id: number;
let school2Id: number;
let roleIds: Record<string, number>;

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'director2', 'zavuch', 'teacher'])
    tokens[login] = await loginAs(app, login);
  school1Id = (await call(app, tokens.director, 'POST', '/api/auth/me')).json().data.organization.id;
  school2Id = (await call(app, tokens.director2, 'POST', '/api/auth/me')).json().data.organization.id;
  const roles = (await call(app, tokens.director, 'GET', `/api/roles?organization_id=${school1Id}`)).json();
  roleIds = Object.fromEntries(roles.map((role: { code: string; id: number }) => [role.code, role.id]));
}, 120_000);

afterAll(async () => {
  await app.close();
});

const newTeacher = (login: string) => ({
  surname: 'Новикова',
  name: 'Мария',
  patronymic: 'Петровна',
  login,
  email: `${login}@sch1.parta.test`,
  phone: '+7 900 000-00-00',
  organization_id: school1Id,
  role_ids: [roleIds.teacher],
});

describe('POST /api/users', () => {
  it('validates in Russian with field errors', async () => {
    const response = await call(app, tokens.director, 'POST', '/api/users', { login: 'a b', email: 'нет' });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.surname).toEqual(['Укажите фамилию']);
    expect(errors.name).toEqual(['Укажите имя']);
    expect(errors.login[0]).toMatch(/^Логин: от 3 до 50/);
    expect(errors.email).toEqual(['Неверный адрес электронной почты']);
    expect(errors.role_ids).toBeDefined();
    expect(errors.organization_id).toBeDefined();
  });

  it('creates a staff member with a generated password that signs in', async () => {
    const response = await call(app, tokens.director, 'POST', '/api/users', newTeacher('novikova.mp'));
    expect(response.statusCode).toBe(201);
    const body = staffCreatedSchema.parse(response.json());
    expect(body.data).toMatchObject({ login: 'novikova.mp', active: true, organization_id: school1Id });
    expect(body.data.roles.map((role) => role.code)).toEqual(['teacher']);
    expect(body.password).toMatch(/^\S{8,}$/);
    await expect(loginAs(app, 'novikova.mp', body.password!)).resolves.toEqual(expect.any(String));

    const listed = await call(app, tokens.director, 'GET', '/api/users?search=novikova.mp');
    expect(listed.json().data.map((user: { id: number }) => user.id)).toEqual([body.data.id]);
  });

  it('takes a given password and answers none back', async () => {
    const response = await call(app, tokens.director, 'POST', '/api/users', {
      ...newTeacher('given.password'),
      password: 'Секрет-2026',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().password).toBeNull();
    await expect(loginAs(app, 'given.password', 'Секрет-2026')).resolves.toEqual(expect.any(String));
  });

  it('refuses a taken login (case-insensitive), foreign roles and student roles', async () => {
    const taken = await call(app, tokens.director, 'POST', '/api/users', newTeacher('Teacher'));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ login: ['Этот логин уже занят'] });

    const studentRole = await call(app, tokens.director, 'POST', '/api/users', {
      ...newTeacher('fake.student'),
      role_ids: [roleIds.student],
    });
    expect(studentRole.json().errors.role_ids).toEqual([
      'Роли «Ученик» и «Родитель» выдаются через карточку ученика',
    ]);

    const platform = await call(app, tokens.director, 'POST', '/api/users', {
      ...newTeacher('fake.admin'),
      role_ids: [999_999],
    });
    expect(platform.statusCode).toBe(422);
    expect(platform.json().errors.role_ids).toBeDefined();
  });

  it('needs users.edit', async () => {
    expect((await call(app, tokens.zavuch, 'POST', '/api/users', newTeacher('zavuch.made'))).statusCode).toBe(
      403,
    );
    expect(
      (await call(app, tokens.teacher, 'POST', '/api/users', newTeacher('teacher.made'))).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/users/{id}', () => {
  it('edits data and roles', async () => {
    const created = (await call(app, tokens.director, 'POST', '/api/users', newTeacher('edit.me'))).json()
      .data;
    const response = await call(app, tokens.director, 'PUT', `/api/users/${created.id}`, {
      ...newTeacher('edit.me2'),
      surname: 'Иванова',
      role_ids: [roleIds.teacher, roleIds.class_teacher],
    });
    expect(response.statusCode).toBe(200);
    const user = staffSchema.parse(response.json().data);
    expect(user).toMatchObject({ surname: 'Иванова', login: 'edit.me2' });
    expect(user.roles.map((role) => role.code).sort()).toEqual(['class_teacher', 'teacher']);
    const read = (await call(app, tokens.director, 'GET', `/api/users/${created.id}`)).json().data;
    expect(read.roles).toHaveLength(2);
  });

  it('deactivates: open sessions end, sign-in is refused, the user is kept', async () => {
    const created = staffCreatedSchema.parse(
      (await call(app, tokens.director, 'POST', '/api/users', newTeacher('leaving'))).json(),
    );
    const session = await loginAs(app, 'leaving', created.password!);
    expect((await call(app, session, 'POST', '/api/auth/me')).statusCode).toBe(200);

    const response = await call(app, tokens.director, 'PUT', `/api/users/${created.data.id}`, {
      ...newTeacher('leaving'),
      active: false,
    });
    expect(response.json().data.active).toBe(false);
    expect((await call(app, session, 'POST', '/api/auth/me')).statusCode).toBe(401);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'leaving', password: created.password },
    });
    expect(signIn.statusCode).toBe(422);
    expect((await call(app, tokens.director, 'GET', `/api/users/${created.data.id}`)).statusCode).toBe(200);
  });

  it('does not let a user deactivate themselves', async () => {
    const me = (await call(app, tokens.director, 'POST', '/api/auth/me')).json().data;
    const current = (await call(app, tokens.director, 'GET', `/api/users/${me.id}`)).json().data;
    const response = await call(app, tokens.director, 'PUT', `/api/users/${me.id}`, {
      ...current,
      role_ids: current.roles.map((role: { id: number }) => role.id),
      active: false,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ active: ['Нельзя отключить собственную учётную запись'] });
  });
});

describe('tenancy: director2 never reaches школа №1', () => {
  it('gets 404 on a school №1 user and 404 creating a user there', async () => {
    const target = (await call(app, tokens.director, 'GET', '/api/users?search=teacher')).json().data[0];
    const update = await call(app, tokens.director2, 'PUT', `/api/users/${target.id}`, {
      ...newTeacher('hijack'),
      organization_id: school2Id,
    });
    expect(update.statusCode).toBe(404);
    // Another school's organization_id answers like one that does not exist (access/organization.ts).
    const create = await call(app, tokens.director2, 'POST', '/api/users', newTeacher('intruder'));
    expect(create.statusCode).toBe(404);
    expect(create.json().message).toBe('Организация не найдена');
  });
});

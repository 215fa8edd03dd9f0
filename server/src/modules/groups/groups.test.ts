import {
  type Group,
  groupDetailSchema,
  groupListSchema,
  groupSubgroupsSchema,
} from '@parta/shared/domain/contracts/people';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let school1Groups: Group[];
let school1Teachers: { id: number }[];

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director', 'director2', 'zavuch', 'teacher', 'student'])
    tokens[login] = await loginAs(app, login);
  const list = await call(app, tokens.director, 'GET', '/api/group');
  school1Groups = list.json().data.groups;
  school1Teachers = list.json().data.teachers;
}, 120_000);

afterAll(async () => {
  await app.close();
});

const byName = (name: string) => school1Groups.find((group) => group.name === name)!;

describe('GET /api/group', () => {
  it('answers classes with managers and counts, teachers and periods of the caller tree', async () => {
    const response = await call(app, tokens.director, 'GET', '/api/group');
    expect(response.statusCode).toBe(200);
    const body = groupListSchema.parse(response.json().data);
    expect(body.groups.map((group) => group.name)).toEqual(expect.arrayContaining(['1А', '5Б', '11Б']));
    const fifth = body.groups.find((group) => group.name === '5А')!;
    expect(fifth).toMatchObject({ number: 5, letter: 'А' });
    expect(fifth.manager).toEqual(
      expect.objectContaining({ surname: expect.any(String), name: expect.any(String) }),
    );
    expect(fifth.students_count).toBeGreaterThan(20);
    expect(body.teachers.length).toBeGreaterThan(20);
    expect(body.periods.length).toBeGreaterThan(0);
  });

  it('is open to a teacher (classes.view) and closed to a student and to anonymous callers', async () => {
    expect((await call(app, tokens.teacher, 'GET', '/api/group')).statusCode).toBe(200);
    expect((await call(app, tokens.student, 'GET', '/api/group')).statusCode).toBe(403);
    expect((await call(app, undefined, 'GET', '/api/group')).statusCode).toBe(401);
  });

  it('scopes to one organization of the tree on request', async () => {
    const organizations = (
      await call(app, tokens.director, 'GET', '/api/organizations/my-and-children')
    ).json().data;
    const branch = organizations.find(
      (organization: { parent_id?: number | null; id: number }) => organization.parent_id,
    );
    const response = await call(app, tokens.director, 'GET', `/api/group?organization_id=${branch.id}`);
    expect(response.statusCode).toBe(200);
    const groups: Group[] = response.json().data.groups;
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((group) => group.organization_id === branch.id)).toBe(true);
  });
});

describe('GET /api/group/{id}', () => {
  it('answers the class with its manager and students', async () => {
    const response = await call(app, tokens.director, 'GET', `/api/group/${byName('5А').id}`);
    expect(response.statusCode).toBe(200);
    const group = groupDetailSchema.parse(response.json().data);
    expect(group.manager).not.toBeNull();
    expect(group.students.length).toBe(
      group.students.filter((s) => s.status === 'active').length +
        group.students.filter((s) => s.status === 'left').length,
    );
    expect(group.students.filter((student) => student.status === 'active')).toHaveLength(
      group.students_count,
    );
  });

  it('answers 404 for a missing or malformed id', async () => {
    expect((await call(app, tokens.director, 'GET', '/api/group/999999')).statusCode).toBe(404);
    expect((await call(app, tokens.director, 'GET', '/api/group/abc')).statusCode).toBe(404);
  });
});

describe('POST, PUT and DELETE /api/group', () => {
  it('validates number, letter and manager in Russian with field errors', async () => {
    const response = await call(app, tokens.director, 'POST', '/api/group', { number: 12, letter: 'AB' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: expect.any(String),
      errors: {
        number: ['Номер класса — число от 1 до 11'],
        letter: ['Буква класса — одна русская буква'],
      },
    });
  });

  it('refuses a duplicate class and a manager who is not a teacher there', async () => {
    const duplicate = await call(app, tokens.director, 'POST', '/api/group', { number: 5, letter: 'а' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.letter[0]).toMatch(/^Класс 5А уже есть/);

    const me = (await call(app, tokens.director, 'POST', '/api/auth/me')).json().data;
    const notTeacher = await call(app, tokens.director, 'POST', '/api/group', {
      number: 7,
      letter: 'Я',
      manager_id: me.id,
    });
    expect(notTeacher.statusCode).toBe(422);
    expect(notTeacher.json().errors).toEqual({
      manager_id: ['Классным руководителем может быть только учитель этой организации'],
    });
  });

  it('creates, renames and deletes an empty class', async () => {
    const created = await call(app, tokens.zavuch, 'POST', '/api/group', {
      number: 7,
      letter: 'Ж',
      manager_id: school1Teachers[0].id,
    });
    expect(created.statusCode).toBe(201);
    const group = groupDetailSchema.parse(created.json().data);
    expect(group).toMatchObject({
      name: '7Ж',
      students_count: 0,
      students: [],
      manager_id: school1Teachers[0].id,
    });
    expect(group.academic_year).toBe(byName('5А').academic_year);

    const renamed = await call(app, tokens.director, 'PUT', `/api/group/${group.id}`, {
      number: 7,
      letter: 'Е',
      manager_id: null,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: '7Е', manager: null });

    expect((await call(app, tokens.director, 'DELETE', `/api/group/${group.id}`)).statusCode).toBe(204);
    expect((await call(app, tokens.director, 'GET', `/api/group/${group.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a class with students and says why', async () => {
    const fifth = byName('5Б');
    const response = await call(app, tokens.director, 'DELETE', `/api/group/${fifth.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Нельзя удалить класс 5Б: в нём \d+ учени/);
    expect((await call(app, tokens.director, 'GET', `/api/group/${fifth.id}`)).statusCode).toBe(200);
  });

  it('needs classes.edit', async () => {
    expect(
      (await call(app, tokens.teacher, 'POST', '/api/group', { number: 3, letter: 'Ю' })).statusCode,
    ).toBe(403);
    expect((await call(app, tokens.teacher, 'DELETE', `/api/group/${byName('1А').id}`)).statusCode).toBe(403);
  });
});

describe('subgroups', () => {
  it('splits a class for a subject, keeps each student in one subgroup and undoes the split', async () => {
    const group = byName('6А');
    const before = await call(app, tokens.director, 'GET', `/api/group/${group.id}/subgroups`);
    expect(before.statusCode).toBe(200);
    const data = groupSubgroupsSchema.parse(before.json().data);
    const subject = data.subjects.find((item) => !data.sets.some((set) => set.subject_id === item.id))!;
    const ids = data.students.map((student) => student.id);
    const half = Math.ceil(ids.length / 2);

    const saved = await call(app, tokens.director, 'PUT', `/api/group/${group.id}/subgroups/${subject.id}`, {
      subgroups: [
        { name: 'Группа 1', student_ids: ids.slice(0, half) },
        { name: 'Группа 2', student_ids: ids.slice(half) },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ subject_id: subject.id, subject_name: subject.name });
    expect(saved.json().data.subgroups.map((s: { student_ids: number[] }) => s.student_ids.length)).toEqual([
      half,
      ids.length - half,
    ]);

    const twice = await call(app, tokens.director, 'PUT', `/api/group/${group.id}/subgroups/${subject.id}`, {
      subgroups: [
        { name: 'Группа 1', student_ids: [ids[0]] },
        { name: 'Группа 2', student_ids: [ids[0]] },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['subgroups.1.student_ids']).toEqual([
      'Ученик может быть только в одной подгруппе по предмету',
    ]);

    const stranger = (await call(app, tokens.director, 'GET', `/api/group/${byName('6Б').id}`)).json().data
      .students[0];
    const foreign = await call(
      app,
      tokens.director,
      'PUT',
      `/api/group/${group.id}/subgroups/${subject.id}`,
      {
        subgroups: [
          { name: 'Группа 1', student_ids: [stranger.id] },
          { name: 'Группа 2', student_ids: [] },
        ],
      },
    );
    expect(foreign.statusCode).toBe(422);

    const after = groupSubgroupsSchema.parse(
      (await call(app, tokens.director, 'GET', `/api/group/${group.id}/subgroups`)).json().data,
    );
    expect(after.sets.find((set) => set.subject_id === subject.id)?.subgroups).toHaveLength(2);

    expect(
      (await call(app, tokens.director, 'DELETE', `/api/group/${group.id}/subgroups/${subject.id}`))
        .statusCode,
    ).toBe(204);
  });
});

describe('tenancy: director2 never reaches школа №1', () => {
  it('lists only its own classes', async () => {
    const response = await call(app, tokens.director2, 'GET', '/api/group');
    const ids = new Set(response.json().data.groups.map((group: Group) => group.id));
    expect(ids.size).toBeGreaterThan(0);
    expect(school1Groups.some((group) => ids.has(group.id))).toBe(false);
    const teacherIds = new Set(response.json().data.teachers.map((teacher: { id: number }) => teacher.id));
    expect(school1Teachers.some((teacher) => teacherIds.has(teacher.id))).toBe(false);
  });

  it('gets 404 on every school №1 class, by id and by filter', async () => {
    const target = byName('5А');
    const body = { number: 5, letter: 'А' };
    expect((await call(app, tokens.director2, 'GET', `/api/group/${target.id}`)).statusCode).toBe(404);
    expect((await call(app, tokens.director2, 'PUT', `/api/group/${target.id}`, body)).statusCode).toBe(404);
    expect((await call(app, tokens.director2, 'DELETE', `/api/group/${target.id}`)).statusCode).toBe(404);
    expect((await call(app, tokens.director2, 'GET', `/api/group/${target.id}/subgroups`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(app, tokens.director2, 'PUT', `/api/group/${target.id}/subgroups/1`, {
          subgroups: [
            { name: '1', student_ids: [] },
            { name: '2', student_ids: [] },
          ],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(app, tokens.director2, 'GET', `/api/group?organization_id=${target.organization_id}`))
        .statusCode,
    ).toBe(404);
    const foreignCreate = await call(app, tokens.director2, 'POST', '/api/group', {
      ...body,
      letter: 'Щ',
      organization_id: target.organization_id,
    });
    expect(foreignCreate.statusCode).toBe(404);
    expect(foreignCreate.json().message).toBe('Организация не найдена');
  });
});

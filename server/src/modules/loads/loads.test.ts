import { type LoadItem, loadSchema } from '@parta/shared/domain/contracts/timetable';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { call, createTestApp, loginAs } from '../../../test/helpers';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let groups: { id: number; name: string }[];
let foreignSubjectId: number;

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director2', 'zavuch', 'teacher', 'student'])
    tokens[login] = await loginAs(app, login);
  groups = (await call(app, tokens.zavuch, 'GET', '/api/group')).json().data.groups;
  foreignSubjectId = (await call(app, tokens.director2, 'GET', '/api/subject')).json()[0].id;
}, 120_000);

afterAll(async () => {
  await app.close();
});

const group = (name: string) => groups.find((item) => item.name === name)!;
const loadOf = async (name: string): Promise<LoadItem[]> =>
  (await call(app, tokens.zavuch, 'GET', `/api/load?group_id=${group(name).id}`)).json().data;

describe('GET /api/load', () => {
  it('answers a class’s lines with names, English split into two subgroups with two teachers', async () => {
    const response = await call(app, tokens.teacher, 'GET', `/api/load?group_id=${group('5А').id}`);
    expect(response.statusCode).toBe(200);
    const lines = z.array(loadSchema).parse(response.json().data);
    const english = lines.filter((line) => line.subject_name === 'Английский язык');
    expect(english.map((line) => line.subgroup_name)).toEqual(['Группа 1', 'Группа 2']);
    expect(new Set(english.map((line) => line.teacher_id)).size).toBe(2);
    expect(lines.every((line) => line.group_name === '5А' && line.grade === 5)).toBe(true);
  });

  it('narrows to a teacher; another school sees nothing of ours; a student has no loads.view', async () => {
    const lines = await loadOf('5А');
    const teacherId = lines[0].teacher_id!;
    const mine: LoadItem[] = (
      await call(app, tokens.zavuch, 'GET', `/api/load?teacher_id=${teacherId}`)
    ).json().data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((line) => line.teacher_id === teacherId)).toBe(true);
    const foreign = await call(app, tokens.director2, 'GET', `/api/load?group_id=${group('5А').id}`);
    expect(foreign.json().data).toEqual([]);
    expect((await call(app, tokens.student, 'GET', '/api/load')).statusCode).toBe(403);
  });
});

describe('POST, PUT, DELETE /api/load', () => {
  it('saves a line and warns (not refuses) when the class goes over СанПиН', async () => {
    const lines = await loadOf('9А');
    const created = await call(app, tokens.zavuch, 'POST', '/api/load', {
      group_id: group('9А').id,
      subject_id: lines[0].subject_id,
      teacher_id: lines[0].teacher_id,
      hours_per_week: 6,
    });
    expect(created.statusCode).toBe(201);
    expect(loadSchema.parse(created.json().data).hours_per_week).toBe(6);
    expect(created.json().warnings[0]).toMatch(
      /^9А: Нагрузка .* больше допустимой СанПиН для 9 класса \(36 ч/,
    );
    const edited = await call(app, tokens.zavuch, 'PUT', `/api/load/${created.json().data.id}`, {
      group_id: group('9А').id,
      subject_id: lines[0].subject_id,
      teacher_id: lines[0].teacher_id,
      hours_per_week: 0.5,
    });
    expect(edited.json().warnings).toEqual([]);
    expect((await call(app, tokens.zavuch, 'DELETE', `/api/load/${created.json().data.id}`)).statusCode).toBe(
      200,
    );
  });

  it('answers 422 in Russian for another school’s subject, a foreign subgroup and odd hours', async () => {
    const lines = await loadOf('5А');
    const bad = await call(app, tokens.zavuch, 'POST', '/api/load', {
      group_id: group('5А').id,
      subject_id: foreignSubjectId,
      teacher_id: null,
      hours_per_week: 2,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.subject_id).toEqual(['Предмет не найден в этой организации']);
    const subgroup = await call(app, tokens.zavuch, 'POST', '/api/load', {
      group_id: group('5Б').id,
      subgroup_id: lines.find((line) => line.subgroup_id)!.subgroup_id,
      subject_id: lines[0].subject_id,
      hours_per_week: 1,
    });
    expect(subgroup.json().errors.subgroup_id).toBeDefined();
    const hours = await call(app, tokens.zavuch, 'POST', '/api/load', {
      group_id: group('5А').id,
      subject_id: lines[0].subject_id,
      hours_per_week: 1.3,
    });
    expect(hours.json().errors.hours_per_week).toEqual(['Часы кратны 0,5']);
  });

  it('needs loads.edit; another school’s class and line are not found', async () => {
    const lines = await loadOf('5А');
    const body = { group_id: group('5А').id, subject_id: lines[0].subject_id, hours_per_week: 1 };
    expect((await call(app, tokens.teacher, 'POST', '/api/load', body)).statusCode).toBe(403);
    expect((await call(app, tokens.director2, 'POST', '/api/load', body)).statusCode).toBe(404);
    expect((await call(app, tokens.director2, 'DELETE', `/api/load/${lines[0].id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/load/copy', () => {
  it('copies to an empty class of the same parallel, refuses another parallel and a class with load', async () => {
    const created = await call(app, tokens.zavuch, 'POST', '/api/group', { number: 5, letter: 'В' });
    expect(created.statusCode).toBe(201);
    const target = created.json().data.id;
    const copied = await call(app, tokens.zavuch, 'POST', '/api/load/copy', {
      from_group_id: group('5А').id,
      to_group_id: target,
    });
    expect(copied.statusCode).toBe(201);
    const source = await loadOf('5А');
    // 5В has no English split yet: the two subgroup lines become one whole-class line.
    expect(copied.json().copied).toBe(source.length - 1);
    const again = await call(app, tokens.zavuch, 'POST', '/api/load/copy', {
      from_group_id: group('5А').id,
      to_group_id: target,
    });
    expect(again.statusCode).toBe(409);
    const otherParallel = await call(app, tokens.zavuch, 'POST', '/api/load/copy', {
      from_group_id: group('6А').id,
      to_group_id: target,
    });
    expect(otherParallel.statusCode).toBe(422);
  });
});

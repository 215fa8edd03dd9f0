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
    expect(lines.every((line) => line.graded)).toBe(true);
  });

  it('the demo teaches ОРКСЭ in 4th grade without marks: that line reads graded false', async () => {
    const lines = await loadOf('4А');
    const orkse = lines.filter((line) => line.subject_name === 'Основы религиозных культур и светской этики');
    expect(orkse).toHaveLength(1);
    expect(orkse[0].graded).toBe(false);
    expect(lines.filter((line) => line !== orkse[0]).every((line) => line.graded)).toBe(true);
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
    // Nobody outside the school, nor a teacher, marks our line «без отметок».
    const ungrade = { ...body, teacher_id: lines[0].teacher_id, graded: false };
    expect((await call(app, tokens.director2, 'PUT', `/api/load/${lines[0].id}`, ungrade)).statusCode).toBe(
      404,
    );
    expect((await call(app, tokens.teacher, 'PUT', `/api/load/${lines[0].id}`, ungrade)).statusCode).toBe(
      403,
    );
    expect((await loadOf('5А')).find((line) => line.id === lines[0].id)).toMatchObject({
      graded: true,
      hours_per_week: lines[0].hours_per_week,
    });
  });

  it('marks a line «без отметок» and back: graded round-trips, a change without it keeps it', async () => {
    const lines = await loadOf('8А');
    const line = lines.find((item) => item.subgroup_id === null)!;
    const body = {
      group_id: line.group_id,
      subject_id: line.subject_id,
      teacher_id: line.teacher_id,
      hours_per_week: line.hours_per_week,
    };
    const created = await call(app, tokens.zavuch, 'POST', '/api/load', { ...body, hours_per_week: 1 });
    expect(loadSchema.parse(created.json().data).graded).toBe(true);
    const id = created.json().data.id;
    const ungraded = await call(app, tokens.zavuch, 'PUT', `/api/load/${id}`, { ...body, graded: false });
    expect(ungraded.statusCode).toBe(200);
    expect(loadSchema.parse(ungraded.json().data).graded).toBe(false);
    expect((await loadOf('8А')).find((item) => item.id === id)?.graded).toBe(false);
    const kept = await call(app, tokens.zavuch, 'PUT', `/api/load/${id}`, { ...body, hours_per_week: 2 });
    expect(kept.json().data).toMatchObject({ graded: false, hours_per_week: 2 });
    const back = await call(app, tokens.zavuch, 'PUT', `/api/load/${id}`, { ...body, graded: true });
    expect(back.json().data.graded).toBe(true);
    const made = await call(app, tokens.zavuch, 'POST', '/api/load', { ...body, graded: false });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.graded).toBe(false);
    const bad = await call(app, tokens.zavuch, 'PUT', `/api/load/${id}`, { ...body, graded: 'нет' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.graded).toEqual(['Ожидается да или нет']);
    for (const removed of [id, made.json().data.id])
      expect((await call(app, tokens.zavuch, 'DELETE', `/api/load/${removed}`)).statusCode).toBe(200);
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

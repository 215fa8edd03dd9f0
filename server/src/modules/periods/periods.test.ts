import {
  closedPeriodSchema,
  holidaySchema,
  type Period,
  periodSchema,
} from '@parta/shared/domain/contracts/timetable';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { classes, finalMarks, loads, students, subjects, users } from '../../db/schema';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let periods: Period[];

const quarter = {
  academic_year: '2030/2031',
  name: 'I четверть',
  kind: 'quarter',
  start_date: '2030-09-02',
  end_date: '2030-10-25',
  grades: [5, 6],
};

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director2', 'zavuch', 'teacher', 'student'])
    tokens[login] = await loginAs(app, login);
  periods = (await call(app, tokens.zavuch, 'GET', '/api/periods')).json().data;
}, 120_000);

afterAll(async () => {
  await app.close();
});

describe('GET /api/periods and /api/holidays', () => {
  it('answers четверти for 1–9, полугодия for 10–11 and the year, with каникулы', async () => {
    const response = await call(app, tokens.teacher, 'GET', '/api/periods');
    expect(response.statusCode).toBe(200);
    const list = z.array(periodSchema).parse(response.json().data);
    const own = list.filter((period) => period.organization_id === list[0].organization_id);
    expect(own.filter((period) => period.kind === 'quarter').map((period) => period.grades)).toEqual(
      Array(4).fill([1, 2, 3, 4, 5, 6, 7, 8, 9]),
    );
    expect(
      own.filter((period) => period.kind === 'half').every((period) => period.grades.join() === '10,11'),
    ).toBe(true);
    expect(own.find((period) => period.name === 'I четверть')?.closed).toBe(true);
    // As a school lists them: the terms in date order (a четверть before the полугодие of the same
    // start), the year after its terms, never between its quarters.
    expect(own.map((period) => (period.kind === 'year' ? 'год' : period.name))).toEqual([
      'I четверть',
      'I полугодие',
      'II четверть',
      'III четверть',
      'II полугодие',
      'IV четверть',
      'год',
    ]);
    const holidays = z
      .array(holidaySchema)
      .parse((await call(app, tokens.teacher, 'GET', '/api/holidays')).json().data);
    expect(
      holidays.find((holiday) => holiday.name === 'Дополнительные каникулы 1-х классов')?.grades,
    ).toEqual([1]);
    expect((await call(app, tokens.student, 'GET', '/api/periods')).statusCode).toBe(403);
  });
});

describe('POST, PUT /api/periods', () => {
  it('creates a period and refuses one overlapping it for a shared grade, but not for other grades', async () => {
    const created = await call(app, tokens.zavuch, 'POST', '/api/periods', quarter);
    expect(created.statusCode).toBe(201);
    expect(periodSchema.parse(created.json().data)).toMatchObject({ grades: [5, 6], closed: false });
    const overlap = await call(app, tokens.zavuch, 'POST', '/api/periods', {
      ...quarter,
      name: 'Другая',
      start_date: '2030-10-01',
      end_date: '2030-11-30',
      grades: [6, 7],
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors.start_date[0]).toContain('«I четверть»');
    const otherGrades = await call(app, tokens.zavuch, 'POST', '/api/periods', {
      ...quarter,
      grades: [10, 11],
      kind: 'half',
    });
    expect(otherGrades.statusCode).toBe(201);
  });

  it('answers 422 in Russian: end before start, no grades, bad year', async () => {
    const bad = await call(app, tokens.zavuch, 'POST', '/api/periods', {
      ...quarter,
      academic_year: '2030/2035',
      start_date: '2030-10-25',
      end_date: '2030-09-02',
      grades: [],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.end_date).toEqual(['Конец не может быть раньше начала']);
    expect(bad.json().errors.grades).toEqual(['Выберите хотя бы один класс']);
    expect(bad.json().errors.academic_year).toBeDefined();
  });

  it('closes and reopens a period with periods.edit only; another school’s period is not found', async () => {
    const second = periods.find((period) => period.name === 'II четверть')!;
    expect((await call(app, tokens.teacher, 'POST', `/api/periods/${second.id}/close`)).statusCode).toBe(403);
    const closed = await call(app, tokens.zavuch, 'POST', `/api/periods/${second.id}/close`);
    expect(closed.json().data.closed).toBe(true);
    const reopened = await call(app, tokens.zavuch, 'POST', `/api/periods/${second.id}/reopen`);
    expect(reopened.json().data.closed).toBe(false);
    expect((await call(app, tokens.director2, 'POST', `/api/periods/${second.id}/close`)).statusCode).toBe(
      404,
    );
    expect((await call(app, tokens.director2, 'PUT', `/api/periods/${second.id}`, quarter)).statusCode).toBe(
      404,
    );
  });
});

describe('closing a period lists the final marks still missing (issue 48)', () => {
  it('names each pupil of a line taught with marks without a final mark; lines «без отметок» owe none', async () => {
    const created = await call(app, tokens.zavuch, 'POST', '/api/periods', {
      ...quarter,
      academic_year: '2031/2032',
      start_date: '2031-09-01',
      end_date: '2031-10-24',
      grades: [7],
    });
    const period = periodSchema.parse(created.json().data);
    const [{ id: teacherId }] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, 'teacher'));
    const [a, b] = await app.db
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .where(eq(subjects.organizationId, period.organization_id))
      .orderBy(subjects.name)
      .limit(2);
    const [{ id: classId }] = await app.db
      .insert(classes)
      .values({ organizationId: period.organization_id, number: 7, letter: 'Я', academicYear: '2031/2032' })
      .returning({ id: classes.id });
    const line = (subjectId: number, graded: boolean) => ({
      organizationId: period.organization_id,
      classId,
      subjectId,
      teacherId,
      hoursPerWeek: 1,
      graded,
    });
    await app.db.insert(loads).values([line(a.id, true), line(b.id, false)]);
    const pupils = await app.db
      .insert(students)
      .values(
        ['Архипов', 'Борисов'].map((surname) => ({
          organizationId: period.organization_id,
          classId,
          surname,
          name: 'Иван',
        })),
      )
      .returning({ id: students.id });
    await app.db.insert(finalMarks).values({
      organizationId: period.organization_id,
      studentId: pupils[0].id,
      subjectId: a.id,
      periodId: period.id,
      value: '5',
    });
    const closed = closedPeriodSchema.parse(
      (await call(app, tokens.zavuch, 'POST', `/api/periods/${period.id}/close`)).json().data,
    );
    expect(closed.closed).toBe(true);
    expect(closed.missing_final_marks).toMatchObject({
      period_id: period.id,
      total: 1,
      items: [{ group_name: '7Я', subject_id: a.id, students: [{ id: pupils[1].id, name: 'Борисов Иван' }] }],
    });
    expect(closed.missing_final_marks.items[0].teacher_name).toMatch(/\S/);
  });
});

describe('holidays', () => {
  it('adds, edits and deletes a day off; validation and scope as for periods', async () => {
    const body = {
      academic_year: '2026/2027',
      name: 'День города',
      start_date: '2026-09-12',
      end_date: '2026-09-12',
      grades: [],
    };
    const created = await call(app, tokens.zavuch, 'POST', '/api/holidays', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await call(app, tokens.director2, 'DELETE', `/api/holidays/${id}`)).statusCode).toBe(404);
    const bad = await call(app, tokens.zavuch, 'PUT', `/api/holidays/${id}`, {
      ...body,
      end_date: '2026-09-01',
    });
    expect(bad.statusCode).toBe(422);
    expect((await call(app, tokens.teacher, 'DELETE', `/api/holidays/${id}`)).statusCode).toBe(403);
    expect((await call(app, tokens.zavuch, 'DELETE', `/api/holidays/${id}`)).statusCode).toBe(200);
  });
});

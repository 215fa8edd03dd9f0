import { addDays } from '@parta/shared/domain/timetable';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs, yearOfLesson } from '../../../test/helpers';
import { rowsOf } from '../../db/rows';
import {
  attendance,
  classes,
  lessons,
  loads,
  marks,
  notifications,
  organizations,
  periods,
  roles,
  students,
  subjects,
  userRoles,
  users,
} from '../../db/schema';
import { earlyWarnings, notifyWarnings, WARNINGS_JOB, warningsTick } from './warnings.service';

/**
 * Early warnings (issue 38): two small schools built here, the same journal in each, so every rule
 * is seen to fire on its own pupil, not on the pupils next to it, and no warning crosses schools.
 * The morning of D, in 5А: Прогульщиков missed every lesson of the last three school days;
 * Падающий's mathematics fell from 5,00 to 3,40 in two weeks and Russian below 3,00; Молчунов has no
 * mathematics mark for three weeks; Отличников missed two whole days and one lesson of the third —
 * no warning. In 6А Шестиклассников has no mathematics mark at all.
 */

const D = '2026-03-20';
const day = (offset: number) => addDays(D, -offset);
const noLog = () => {};

let app: FastifyInstance;

interface School {
  orgId: number;
  users: Record<'classTeacher' | 'classTeacher6' | 'deputy' | 'teacher', number>;
  classIds: { c5: number; c6: number };
}

async function buildSchool(prefix: string): Promise<School> {
  const db = app.db;
  const [template] = await db.select().from(users).where(eq(users.login, 'zavuch'));
  const [org] = await db
    .insert(organizations)
    .values({ name: `Школа ${prefix}`, shortName: `Школа ${prefix}`, balance: 1000 })
    .returning();
  const orgId = org.id;
  const roleIds = new Map(
    (
      await db
        .select()
        .from(roles)
        .where(inArray(roles.code, ['deputy', 'teacher']))
    ).map((role) => [role.code, role.id]),
  );
  const person = async (key: string, surname: string, role: 'deputy' | 'teacher') => {
    const [row] = await db
      .insert(users)
      .values({
        organizationId: orgId,
        surname: `${surname}${prefix}`,
        name: 'Анна',
        patronymic: 'Петровна',
        login: `warn_${prefix === 'А' ? 'a' : 'b'}_${key}`,
        passwordHash: template.passwordHash,
      })
      .returning();
    await db.insert(userRoles).values({ userId: row.id, roleId: roleIds.get(role)!, organizationId: orgId });
    return row.id;
  };
  const staff = {
    classTeacher: await person('ct5', 'Классова', 'teacher'),
    classTeacher6: await person('ct6', 'Шестова', 'teacher'),
    deputy: await person('deputy', 'Завучева', 'deputy'),
    teacher: await person('teacher', 'Предметова', 'teacher'),
  };
  await db.insert(periods).values({
    organizationId: orgId,
    academicYear: '2025/2026',
    name: 'III четверть',
    kind: 'quarter',
    startDate: '2026-01-12',
    endDate: '2026-03-27',
    grades: [5, 6],
  });
  const [math] = await db.insert(subjects).values({ organizationId: orgId, name: 'Математика' }).returning();
  const [russian] = await db
    .insert(subjects)
    .values({ organizationId: orgId, name: 'Русский язык' })
    .returning();
  const group = async (number: number, managerId: number) => {
    const [row] = await db
      .insert(classes)
      .values({ organizationId: orgId, number, letter: 'А', academicYear: '2025/2026', managerId })
      .returning();
    return row.id;
  };
  const c5 = await group(5, staff.classTeacher);
  const c6 = await group(6, staff.classTeacher6);
  const load = async (classId: number, subjectId: number) => {
    const [row] = await db
      .insert(loads)
      .values({ organizationId: orgId, classId, subjectId, teacherId: staff.teacher, hoursPerWeek: 4 })
      .returning();
    return row;
  };
  const math5 = await load(c5, math.id);
  const russian5 = await load(c5, russian.id);
  const math6 = await load(c6, math.id);
  /** Lesson ids by `${subject}:${days ago}`. */
  const lessonIds = new Map<string, number>();
  const lesson = async (key: string, line: typeof math5, offset: number, lessonNumber: number) => {
    const [row] = await db
      .insert(lessons)
      .values({
        organizationId: orgId,
        loadId: line.id,
        classId: line.classId,
        subjectId: line.subjectId,
        teacherId: line.teacherId,
        date: day(offset),
        lessonNumber,
      })
      .returning();
    lessonIds.set(`${key}:${offset}`, row.id);
  };
  for (const offset of [25, 20, 18, 10, 8, 6, 5, 3, 2, 1]) {
    await lesson('m5', math5, offset, 1);
    await lesson('r5', russian5, offset, 2);
  }
  for (const offset of [20, 10, 3]) await lesson('m6', math6, offset, 1);

  const pupil = async (classId: number, surname: string) => {
    const [row] = await db
      .insert(students)
      .values({ organizationId: orgId, classId, surname: `${surname}${prefix}`, name: 'Пётр' })
      .returning();
    return row.id;
  };
  const mark = async (studentId: number, key: string, offset: number, value: '2' | '3' | '4' | '5') =>
    db.insert(marks).values({
      organizationId: orgId,
      schoolYear: yearOfLesson(lessonIds.get(`${key}:${offset}`)!),
      lessonId: lessonIds.get(`${key}:${offset}`)!,
      studentId,
      value,
      createdBy: staff.teacher,
    });
  const absent = async (studentId: number, key: string, offset: number) =>
    db.insert(attendance).values({
      organizationId: orgId,
      schoolYear: yearOfLesson(lessonIds.get(`${key}:${offset}`)!),
      lessonId: lessonIds.get(`${key}:${offset}`)!,
      studentId,
      value: 'н',
      createdBy: staff.teacher,
    });

  const truant = await pupil(c5, 'Прогульщиков');
  await mark(truant, 'm5', 10, '5');
  await mark(truant, 'r5', 10, '5');
  for (const offset of [1, 2, 3]) for (const key of ['m5', 'r5']) await absent(truant, key, offset);

  const falling = await pupil(c5, 'Падающий');
  for (const [offset, value] of [
    [20, '5'],
    [18, '5'],
    [10, '2'],
    [8, '2'],
    [5, '3'],
  ] as const)
    await mark(falling, 'm5', offset, value);
  for (const [offset, value] of [
    [20, '4'],
    [10, '2'],
    [6, '2'],
  ] as const)
    await mark(falling, 'r5', offset, value);

  const silent = await pupil(c5, 'Молчунов');
  await mark(silent, 'm5', 25, '4');
  await mark(silent, 'r5', 10, '4');
  await mark(silent, 'r5', 5, '4');

  const good = await pupil(c5, 'Отличников');
  for (const offset of [10, 5]) await mark(good, 'm5', offset, '5');
  for (const offset of [10, 6]) await mark(good, 'r5', offset, '5');
  for (const offset of [1, 2]) for (const key of ['m5', 'r5']) await absent(good, key, offset);
  await absent(good, 'm5', 3);

  await pupil(c6, 'Шестиклассников');
  return { orgId, users: staff, classIds: { c5, c6 } };
}

let a: School;
let b: School;

const noticesOf = (userId: number) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.dedupeKey, `warnings:${D}`)));

beforeAll(async () => {
  app = await createTestApp({ queue: { pollingSeconds: 0.5 } });
  a = await buildSchool('А');
  b = await buildSchool('Б');
}, 180_000);

afterAll(async () => {
  await app.close();
});

describe('early warnings', () => {
  it('finds each rule on its own pupil, in its class, and only the school’s own pupils', async () => {
    const found = await earlyWarnings(app.db, a.orgId, D);
    expect([...found.keys()].sort()).toEqual([a.classIds.c5, a.classIds.c6].sort());
    expect(found.get(a.classIds.c5)).toEqual({
      name: '5А',
      lines: [
        'ПрогульщиковА Пётр: пропустил(а) все уроки 3 дня подряд (17.03.26, 18.03.26, 19.03.26)',
        'ПадающийА Пётр, Математика: средний балл снизился за две недели с 5,00 до 3,40',
        'ПадающийА Пётр, Русский язык: средний балл 2,67 — ниже 3,00 (две недели назад 4,00)',
        'МолчуновА Пётр, Математика: нет оценок три недели (последняя 23.02.26)',
      ],
    });
    expect(found.get(a.classIds.c6)).toEqual({
      name: '6А',
      lines: ['ШестиклассниковА Пётр, Математика: нет оценок три недели'],
    });
  });

  it('tells the class teacher their class, the завуч the school, nobody of another school, once a day', async () => {
    await notifyWarnings(app.db, { organizationId: a.orgId, date: D }, noLog);
    const [teacher5] = await noticesOf(a.users.classTeacher);
    expect(teacher5.title).toBe('Предупреждения на 20.03.26: 4');
    expect(teacher5.category).toBe('warnings');
    expect(teacher5.body).toMatch(/^5А\n• ПрогульщиковА Пётр: /);
    expect(teacher5.body).not.toContain('6А');
    const [teacher6] = await noticesOf(a.users.classTeacher6);
    expect(teacher6.body).toBe('6А\n• ШестиклассниковА Пётр, Математика: нет оценок три недели');
    const [deputy] = await noticesOf(a.users.deputy);
    expect(deputy.title).toBe('Предупреждения на 20.03.26: 5');
    expect(deputy.body).toMatch(/^5А\n[\s\S]*\n\n6А\n• ШестиклассниковА/);
    expect(deputy.body).not.toMatch(/Б Пётр/);
    // The subject teacher is no class teacher; school Б's staff heard nothing of school А's run.
    expect(await noticesOf(a.users.teacher)).toHaveLength(0);
    for (const userId of Object.values(b.users)) expect(await noticesOf(userId)).toHaveLength(0);

    // A second run (the next tick, another instance) adds nothing.
    await notifyWarnings(app.db, { organizationId: a.orgId, date: D }, noLog);
    expect(await noticesOf(a.users.deputy)).toHaveLength(1);
    expect((await noticesOf(a.users.deputy))[0].updatedAt).toEqual(deputy.updatedAt);

    // School Б's own run tells its own staff of its own pupils only.
    await notifyWarnings(app.db, { organizationId: b.orgId, date: D }, noLog);
    const [deputyB] = await noticesOf(b.users.deputy);
    expect(deputyB.body).toContain('ПрогульщиковБ');
    expect(deputyB.body).not.toMatch(/А Пётр/);
  });

  it('the завуч reads them through the API; another school’s user cannot', async () => {
    const token = await loginAs(app, 'warn_a_deputy');
    const list = await call(app, token, 'GET', '/api/notifications');
    expect(list.statusCode).toBe(200);
    const notice = list.json().data.find((item: { category: string }) => item.category === 'warnings');
    expect(notice.title).toBe('Предупреждения на 20.03.26: 5');
    const other = await loginAs(app, 'warn_b_deputy');
    expect((await call(app, other, 'POST', `/api/notifications/${notice.id}/read`)).statusCode).toBe(404);
  });

  it('are offered from the school’s morning hour (its «Настройки») for three hours', async () => {
    const count = async () =>
      (
        await rowsOf<{ n: number }>(
          app.db,
          sql`select count(*)::int as n from pgboss.job where name = ${WARNINGS_JOB}
               and (data->>'organizationId')::int = ${a.orgId}`,
        )
      )[0].n;
    const before = await count();
    await warningsTick(app.db, app.queue, a.orgId, D, 7);
    expect(await count()).toBe(before);
    await warningsTick(app.db, app.queue, a.orgId, D, 8);
    expect(await count()).toBe(before + 1);
    await warningsTick(app.db, app.queue, a.orgId, D, 11);
    expect(await count()).toBe(before + 1);
  });
});

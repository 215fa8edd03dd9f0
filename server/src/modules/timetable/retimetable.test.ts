import { type ApplyResult, applyResultSchema, type LoadItem } from '@parta/shared/domain/contracts/timetable';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs, yearOfLesson } from '../../../test/helpers';
import { lessons, marks, students, timetableSlots, users } from '../../db/schema';
import { setSchoolClock } from '../clock/clock.service';
import { insertSlots } from './templates.repository';

/*
 * Re-timetabling the whole school in the middle of a year (issue 48): one «Применить» from a term's
 * start moves every class of the template — grades 1–9 by четверти and 10–11 by полугодия — so no
 * teacher is booked twice from that date on; and re-laying the КТП after it never writes over a
 * lesson already given or a topic and homework the teacher typed.
 */

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const periods: Record<string, number> = {};
/** A: the demo's own template; B and C: the same lessons with every day moved one and two weekdays on. */
const templates = { A: 0, B: 0, C: 0 };
let organizationId: number;
const YEAR = '2032/2033';

const apply = async (template: 'A' | 'B' | 'C', period: string, extra: object = {}): Promise<ApplyResult> => {
  const response = await call(
    app,
    tokens.zavuch,
    'POST',
    `/api/timetable/templates/${templates[template]}/apply`,
    { period_id: periods[period], ...extra },
  );
  expect(response.statusCode).toBe(200);
  return applyResultSchema.parse(response.json().data);
};

/** Teacher × date × lesson number with more than one lesson, from `from` on (cancelled ones not counted). */
async function teacherDoubleBookings(from: string) {
  return app.db
    .select({
      teacherId: lessons.teacherId,
      date: lessons.date,
      lessonNumber: lessons.lessonNumber,
      count: sql<number>`count(*)::int`,
    })
    .from(lessons)
    .where(
      and(
        eq(lessons.organizationId, organizationId),
        gte(lessons.date, from),
        sql`${lessons.status} <> 'cancelled' and ${lessons.teacherId} is not null`,
      ),
    )
    .groupBy(lessons.teacherId, lessons.date, lessons.lessonNumber)
    .having(sql`count(*) > 1`);
}

beforeAll(async () => {
  setSchoolClock('2032-08-20');
  app = await createTestApp();
  for (const login of ['zavuch', 'teacher']) tokens[login] = await loginAs(app, login);
  const list: { id: number; name: string; organization_id: number }[] = (
    await call(app, tokens.zavuch, 'GET', '/api/timetable')
  ).json();
  const seeded = list.find((template) => template.name === 'Основное расписание 2026/2027')!;
  templates.A = seeded.id;
  organizationId = seeded.organization_id;
  const slots = await app.db.select().from(timetableSlots).where(eq(timetableSlots.templateId, templates.A));
  const days = Math.max(...slots.map((slot) => slot.weekday));
  for (const [name, shift] of [
    ['B', 1],
    ['C', 2],
  ] as const) {
    templates[name] = (
      await call(app, tokens.zavuch, 'POST', '/api/timetable', {
        name: `Расписание ${name}`,
        academic_year: YEAR,
      })
    ).json().data.id;
    await insertSlots(
      app.db,
      organizationId,
      slots.map((slot) => ({
        templateId: templates[name],
        loadId: slot.loadId,
        classId: slot.classId,
        subgroupId: slot.subgroupId,
        weekday: ((slot.weekday - 1 + shift) % days) + 1,
        lessonNumber: slot.lessonNumber,
        room: slot.room,
      })),
    );
  }
  const basic = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  const senior = [10, 11];
  for (const [name, kind, start_date, end_date, grades] of [
    ['I четверть', 'quarter', '2032-09-01', '2032-10-23', basic],
    ['II четверть', 'quarter', '2032-11-03', '2032-12-28', basic],
    ['III четверть', 'quarter', '2033-01-10', '2033-03-19', basic],
    ['IV четверть', 'quarter', '2033-03-28', '2033-05-26', basic],
    ['I полугодие', 'half', '2032-09-01', '2032-12-28', senior],
    ['II полугодие', 'half', '2033-01-10', '2033-05-26', senior],
    ['Учебный год', 'year', '2032-09-01', '2033-05-26', [...basic, ...senior]],
  ] as const) {
    const created = await call(app, tokens.zavuch, 'POST', '/api/periods', {
      academic_year: YEAR,
      name,
      kind,
      start_date,
      end_date,
      grades,
    });
    expect(created.statusCode).toBe(201);
    periods[name] = created.json().data.id;
  }
  // The year on template A, the whole school: no teacher twice at once.
  const year = await apply('A', 'Учебный год');
  expect(year.created).toBeGreaterThan(10_000);
  expect(year.double_bookings).toEqual([]);
}, 600_000);

afterAll(async () => {
  setSchoolClock(null);
  await app.close();
});

describe('one «Применить» moves the whole school', () => {
  it('a different template from the III четверть start changes grades 1–11 and leaves no teacher booked twice from that date on', async () => {
    setSchoolClock('2032-12-20');
    const FROM = '2033-01-10';
    const preview = await apply('B', 'III четверть', { dry_run: true });
    const applied = await apply('B', 'III четверть');
    // Nobody is in two places from the date on: grades 10–11 (by полугодия) moved with 1–9.
    expect(await teacherDoubleBookings(FROM)).toEqual([]);
    expect(applied.double_bookings).toEqual([]);
    // Before the date nothing changed: the first half of the year is still A's, also without clashes.
    expect(await teacherDoubleBookings('2032-09-01')).toEqual([]);
    expect(preview).toMatchObject({ from: FROM, to: '2033-05-26', dry_run: true, timetable_id: null });
    const { timetable_id: _id, dry_run: _dry, ...numbers } = applied;
    const { timetable_id: _previewId, dry_run: _previewDry, ...previewNumbers } = preview;
    expect(numbers).toEqual(previewNumbers);
    // The preview names every class, the senior ones too, with their dates.
    const grades = new Set(preview.changed_classes.map((change) => Number.parseInt(change.group_name, 10)));
    expect([...grades].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(
      preview.changed_classes.every((change) => change.from === FROM && change.to === '2033-05-26'),
    ).toBe(true);
    const [eleventh] = applied.changed_classes.filter((change) => change.group_name.startsWith('11'));
    expect(eleventh.updated + eleventh.created).toBeGreaterThan(0);
  }, 600_000);
});

describe('re-timetabling keeps what a teacher typed', () => {
  it('a held lesson’s typed topic and homework survive applying a timetable to a later term; the plan goes on after it', async () => {
    setSchoolClock('2032-10-15T12:00:00+03:00');
    const [me] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, 'teacher'));
    const load: LoadItem = (await call(app, tokens.zavuch, 'GET', `/api/load?teacher_id=${me.id}`))
      .json()
      .data.find((line: LoadItem) => line.subgroup_id === null && line.hours_per_week >= 2);
    const planId = (
      await call(app, tokens.teacher, 'POST', '/api/ktp', {
        name: `${load.subject_name} ${load.group_name}`,
        academic_year: YEAR,
        subject_id: load.subject_id,
        teacher_id: me.id,
        group_id: load.group_id,
      })
    ).json().data.id;
    const items = Array.from({ length: 200 }, (_, index) => ({
      topic: `Тема ${index + 1}`,
      hours: 1,
      homework: `§${index + 1}`,
    }));
    expect((await call(app, tokens.teacher, 'PUT', `/api/ktp/${planId}/items`, { items })).statusCode).toBe(
      200,
    );
    expect((await call(app, tokens.teacher, 'POST', `/api/ktp/${planId}/apply`, {})).statusCode).toBe(200);
    const lessonsOfLoad = () =>
      app.db
        .select({
          id: lessons.id,
          date: lessons.date,
          topic: lessons.topic,
          homework: lessons.homework,
          ktpItemId: lessons.ktpItemId,
        })
        .from(lessons)
        .where(
          and(
            eq(lessons.classId, load.group_id),
            eq(lessons.subjectId, load.subject_id),
            gte(lessons.date, '2032-09-01'),
          ),
        )
        .orderBy(lessons.date, lessons.lessonNumber);
    const before = await lessonsOfLoad();
    // A lesson given this week (marks and all), and one of the I четверть still to come.
    const held = before.filter((lesson) => lesson.date < '2032-10-15').at(-1)!;
    const toCome = before.find((lesson) => lesson.date > '2032-10-15' && lesson.date <= '2032-10-23')!;
    const [student] = await app.db
      .select()
      .from(students)
      .where(eq(students.classId, load.group_id))
      .limit(1);
    await app.db.insert(marks).values({
      organizationId,
      schoolYear: yearOfLesson(held.id),
      lessonId: held.id,
      studentId: student.id,
      value: '5',
    });
    const typed = { topic: 'Проверочная работа: действия с дробями', homework: '№ 701, 702' };
    const saved = await call(app, tokens.teacher, 'PUT', `/api/journal/lessons/${held.id}`, typed);
    expect(saved.statusCode).toBe(200);

    // A timetable different from whatever the IV четверть holds (A or B).
    const applied = await apply('C', 'IV четверть');
    expect(applied.from).toBe('2033-03-28');
    expect(applied.ktp_relaid).toBeGreaterThan(0);
    const after = await lessonsOfLoad();
    const byId = new Map(after.map((lesson) => [lesson.id, lesson]));
    expect(byId.get(held.id)).toMatchObject(typed);
    // Lessons of other dates keep what they had.
    expect(byId.get(toCome.id)).toEqual(before.find((lesson) => lesson.id === toCome.id));
    for (const lesson of after.filter((row) => row.date < '2033-03-28' && row.id !== held.id))
      expect(lesson).toEqual(before.find((row) => row.id === lesson.id));
    // The IV четверть goes on with the plan after the last topic before it, in order.
    const lastBefore = after.filter((lesson) => lesson.date < '2033-03-28').at(-1)!;
    const next = Number(lastBefore.topic!.replace('Тема ', ''));
    const fourth = after.filter((lesson) => lesson.date >= '2033-03-28');
    expect(fourth.map((lesson) => lesson.topic)).toEqual(
      fourth.map((_, index) => (next + index < items.length ? `Тема ${next + index + 1}` : null)),
    );
    expect(await teacherDoubleBookings('2033-03-28')).toEqual([]);

    // A later edit of the КТП does not reach the typed lesson either.
    const edited = items.map((item, index) => ({ ...item, topic: `${item.topic} (новая редакция)`, index }));
    expect(
      (
        await call(app, tokens.teacher, 'PUT', `/api/ktp/${planId}/items`, {
          items: edited.map(({ index: _index, ...item }) => item),
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(app, tokens.teacher, 'POST', `/api/ktp/${planId}/apply`, {})).statusCode).toBe(200);
    expect((await lessonsOfLoad()).find((lesson) => lesson.id === held.id)).toMatchObject(typed);
  }, 600_000);
});

import {
  type ApplyResult,
  applyResultSchema,
  type Lesson,
  type LoadItem,
  lessonSchema,
} from '@parta/shared/domain/contracts/timetable';
import { weekStart } from '@parta/shared/domain/timetable';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { call, createTestApp, loginAs, yearOfLesson } from '../../../test/helpers';
import { lessons as lessonsTable, marks, students } from '../../db/schema';

/*
 * Applying a template over lessons that already hold a КТП (issue 36): the lessons move with the
 * timetable instead of staying beside the new ones, the КТП is laid again in order, a lesson with
 * real content is kept and reported, and applying twice changes nothing.
 */

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let groups: { id: number; name: string }[];
let math: LoadItem;
let other: LoadItem;
let periodId: number;
let hours: number;
/** The КТП of 5А's mathematics that test (a) lays. */
let planId: number;
const templates: Record<'A' | 'B', number> = { A: 0, B: 0 };
const FROM = '2032-09-06';
const TO = '2032-09-26';

const group = (name: string) => groups.find((item) => item.name === name)!;
const loadOf = async (query: string): Promise<LoadItem[]> =>
  (await call(app, tokens.zavuch, 'GET', `/api/load?${query}`)).json().data;
const lessonsOf = async (query: string): Promise<Lesson[]> =>
  z
    .array(lessonSchema)
    .parse(
      (await call(app, tokens.zavuch, 'GET', `/api/lessons?${query}&from=${FROM}&to=${TO}`)).json().data,
    );
const apply = async (template: 'A' | 'B', extra: object = {}): Promise<ApplyResult> => {
  const response = await call(
    app,
    tokens.zavuch,
    'POST',
    `/api/timetable/templates/${templates[template]}/apply`,
    {
      period_id: periodId,
      ...extra,
    },
  );
  expect(response.statusCode).toBe(200);
  return applyResultSchema.parse(response.json().data);
};
const mathLessons = async () =>
  (await lessonsOf(`group_id=${math.group_id}`)).filter((lesson) => lesson.subject_id === math.subject_id);

/** Date|lesson number pairs at which the teacher has more than one lesson. */
async function teacherClashes(teacherId: number) {
  const seen = new Map<string, number>();
  for (const lesson of await lessonsOf(`teacher_id=${teacherId}`)) {
    if (lesson.status === 'cancelled') continue;
    const key = `${lesson.date}|${lesson.lesson_number}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([key]) => key);
}

async function makeTemplate(name: string, places: { load: LoadItem; weekday: number; lesson: number }[]) {
  const id = (
    await call(app, tokens.zavuch, 'POST', '/api/timetable', { name, academic_year: '2032/2033' })
  ).json().data.id;
  for (const place of places) {
    const placed = await call(app, tokens.zavuch, 'POST', `/api/timetable/templates/${id}/slots`, {
      load_id: place.load.id,
      weekday: place.weekday,
      lesson_number: place.lesson,
    });
    expect(placed.statusCode).toBe(201);
  }
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director2', 'zavuch', 'teacher']) tokens[login] = await loginAs(app, login);
  groups = (await call(app, tokens.zavuch, 'GET', '/api/group')).json().data.groups;
  math = (await loadOf(`group_id=${group('5А').id}`)).find((line) => line.subject_name === 'Математика')!;
  // The same teacher's line in another class: template B puts it where 5А's mathematics was.
  other = (await loadOf(`teacher_id=${math.teacher_id}`)).find(
    (line) => line.group_id !== math.group_id && line.subgroup_id === null,
  )!;
  hours = Math.ceil(math.hours_per_week);
  const otherGrade = Number.parseInt(other.group_name, 10);
  periodId = (
    await call(app, tokens.zavuch, 'POST', '/api/periods', {
      academic_year: '2032/2033',
      name: 'Проверочная четверть',
      kind: 'quarter',
      start_date: FROM,
      end_date: TO,
      grades: [...new Set([5, otherGrade])],
    })
  ).json().data.id;
  const weekdays = Array.from({ length: hours }, (_, index) => index + 1);
  // A: 5А's mathematics at the 1st lesson every day, the other class at Monday's 3rd.
  templates.A = await makeTemplate('Шаблон A', [
    ...weekdays.map((weekday) => ({ load: math, weekday, lesson: 1 })),
    { load: other, weekday: 1, lesson: 3 },
  ]);
  // B: the other way round: 5А at the 3rd lesson, the other class at Monday's 1st.
  templates.B = await makeTemplate('Шаблон B', [
    ...weekdays.map((weekday) => ({ load: math, weekday, lesson: 3 })),
    { load: other, weekday: 1, lesson: 1 },
  ]);
}, 120_000);

afterAll(async () => {
  await app.close();
});

describe('applying a template over lessons that hold a КТП', () => {
  it('(a) moves lessons holding only a planned topic with the new template and lays the КТП again in order', async () => {
    const first = await apply('A');
    expect(first.created).toBe(3 * (hours + 1));
    planId = (
      await call(app, tokens.zavuch, 'POST', '/api/ktp', {
        name: 'Математика 5А',
        academic_year: '2032/2033',
        subject_id: math.subject_id,
        teacher_id: math.teacher_id,
        group_id: math.group_id,
      })
    ).json().data.id;
    const items = Array.from({ length: 4 * hours }, (_, index) => ({
      topic: `Тема ${index + 1}`,
      hours: 1,
      homework: `§${index + 1}`,
    }));
    expect((await call(app, tokens.zavuch, 'PUT', `/api/ktp/${planId}/items`, { items })).statusCode).toBe(
      200,
    );
    expect((await call(app, tokens.zavuch, 'POST', `/api/ktp/${planId}/apply`, {})).statusCode).toBe(200);
    const before = await mathLessons();
    expect(before.map((lesson) => lesson.topic)).toEqual(items.slice(0, 3 * hours).map((item) => item.topic));

    const second = await apply('B');
    const after = await mathLessons();
    // No week has more lessons of 5А's mathematics than B gives: the КТП lessons moved, not stayed.
    const perWeek = new Map<string, number>();
    for (const lesson of after)
      perWeek.set(weekStart(lesson.date), (perWeek.get(weekStart(lesson.date)) ?? 0) + 1);
    expect([...perWeek.values()]).toEqual([hours, hours, hours]);
    expect(after.every((lesson) => lesson.lesson_number === 3)).toBe(true);
    // The same lessons (ids and all), now at B's places, with the plan laid in order.
    expect(after.map((lesson) => lesson.id).sort()).toEqual(before.map((lesson) => lesson.id).sort());
    expect(after.map((lesson) => lesson.topic)).toEqual(items.slice(0, 3 * hours).map((item) => item.topic));
    expect(after.map((lesson) => lesson.homework)).toEqual(
      items.slice(0, 3 * hours).map((item) => item.homework),
    );
    expect(await teacherClashes(math.teacher_id!)).toEqual([]);
    expect(second).toMatchObject({
      created: 0,
      removed: 0,
      kept: 0,
      count_mismatches: [],
      double_bookings: [],
    });
    expect(second.updated).toBe(3 * (hours + 1));
    expect(second.ktp_relaid).toBe(3 * hours);
  });

  it('(c) applying the same template again changes nothing', async () => {
    const again = await apply('B');
    expect(again).toMatchObject({ timetable_id: null, created: 0, updated: 0, removed: 0, kept: 0 });
  });

  it('(f) a КТП edited and cut short after it was laid still moves with the timetable: no lesson doubles', async () => {
    const before = await mathLessons();
    // The teacher corrects the first topic and drops the last third of the plan (as an import of a
    // shorter file does): the editor saves the whole list.
    const items = Array.from({ length: 2 * hours }, (_, index) => ({
      topic: index === 0 ? 'Тема 1 (исправлена)' : `Тема ${index + 1}`,
      hours: 1,
      homework: `§${index + 1}`,
    }));
    expect((await call(app, tokens.zavuch, 'PUT', `/api/ktp/${planId}/items`, { items })).statusCode).toBe(
      200,
    );
    // Lessons to come follow the plan: the corrected topic shows, the dropped ones are gone.
    const edited = await mathLessons();
    expect(edited.map((lesson) => lesson.topic)).toEqual([
      ...items.map((item) => item.topic),
      ...Array.from({ length: hours }, () => null),
    ]);
    expect(edited.slice(2 * hours).every((lesson) => lesson.homework === null)).toBe(true);

    const moved = await apply('A');
    expect(moved).toMatchObject({
      created: 0,
      removed: 0,
      kept: 0,
      count_mismatches: [],
      double_bookings: [],
    });
    const after = await mathLessons();
    expect(after.map((lesson) => lesson.id).sort()).toEqual(before.map((lesson) => lesson.id).sort());
    expect(after.every((lesson) => lesson.lesson_number === 1)).toBe(true);
    expect(after.map((lesson) => lesson.topic)).toEqual(edited.map((lesson) => lesson.topic));
    expect(await teacherClashes(math.teacher_id!)).toEqual([]);

    // Back to B with the whole plan, as the next test expects.
    const whole = Array.from({ length: 4 * hours }, (_, index) => ({
      topic: `Тема ${index + 1}`,
      hours: 1,
      homework: `§${index + 1}`,
    }));
    expect(
      (await call(app, tokens.zavuch, 'PUT', `/api/ktp/${planId}/items`, { items: whole })).statusCode,
    ).toBe(200);
    expect((await call(app, tokens.zavuch, 'POST', `/api/ktp/${planId}/apply`, {})).statusCode).toBe(200);
    expect(await apply('B')).toMatchObject({ created: 0, removed: 0, kept: 0 });
    expect((await mathLessons()).map((lesson) => lesson.topic)).toEqual(
      whole.slice(0, 3 * hours).map((item) => item.topic),
    );
  });

  it('(b, d) keeps a lesson with a mark or typed homework and lists the count and the teacher it doubles; a dry run writes nothing and says the same', async () => {
    const [marked, typed] = await mathLessons();
    const [student] = await app.db
      .select()
      .from(students)
      .where(eq(students.classId, math.group_id))
      .limit(1);
    await app.db.insert(marks).values({
      organizationId: student.organizationId,
      schoolYear: yearOfLesson(marked.id),
      lessonId: marked.id,
      studentId: student.id,
      value: '5',
    });
    await app.db.update(lessonsTable).set({ homework: 'Упр. 5' }).where(eq(lessonsTable.id, typed.id));
    const snapshot = async () => [
      ...(await lessonsOf(`group_id=${math.group_id}`)),
      ...(await lessonsOf(`group_id=${other.group_id}`)),
    ];
    const untouched = await snapshot();

    const preview = await apply('A', { dry_run: true });
    expect(preview.dry_run).toBe(true);
    expect(preview.timetable_id).toBeNull();
    expect(await snapshot()).toEqual(untouched);

    const applied = await apply('A');
    const { timetable_id: _previewId, dry_run: _previewDry, ...previewNumbers } = preview;
    const { timetable_id: _id, dry_run: dry, ...numbers } = applied;
    expect(dry).toBe(false);
    expect(numbers).toEqual(previewNumbers);
    expect(applied.kept).toBe(2);

    const after = await mathLessons();
    expect(after.find((lesson) => lesson.id === marked.id)).toMatchObject({ date: FROM, lesson_number: 3 });
    expect(after.find((lesson) => lesson.id === typed.id)).toMatchObject({
      homework: 'Упр. 5',
      lesson_number: 3,
    });
    const [mismatch] = applied.count_mismatches;
    expect(applied.count_mismatches).toHaveLength(1);
    expect(mismatch).toMatchObject({ group_id: math.group_id, group_name: '5А', subject_name: 'Математика' });
    expect(mismatch.weeks).toEqual([{ from: FROM, to: '2032-09-12', expected: hours, actual: hours + 2 }]);
    // A puts the other class at Monday's 3rd lesson, where the kept 5А lesson holds the same teacher.
    expect(applied.double_bookings).toEqual([
      {
        kind: 'teacher',
        name: math.teacher_name,
        date: FROM,
        lesson_number: 3,
        groups: ['5А', other.group_name].sort((a, b) => a.localeCompare(b, 'ru', { numeric: true })),
      },
    ]);

    const again = await apply('A');
    expect(again).toMatchObject({ created: 0, updated: 0, removed: 0, kept: 2 });
    expect(again.double_bookings).toEqual(applied.double_bookings);
  });

  it('(e) refuses a caller without timetables.edit, another school’s template or period, and a bad dry_run', async () => {
    const url = `/api/timetable/templates/${templates.A}/apply`;
    const preview = { period_id: periodId, dry_run: true };
    expect((await call(app, tokens.teacher, 'POST', url, preview)).statusCode).toBe(403);
    expect((await call(app, tokens.director2, 'POST', url, preview)).statusCode).toBe(404);
    const foreignPeriod = (await call(app, tokens.director2, 'GET', '/api/periods')).json().data[0].id;
    expect(
      (await call(app, tokens.zavuch, 'POST', url, { period_id: foreignPeriod, dry_run: true })).statusCode,
    ).toBe(404);
    const bad = await call(app, tokens.zavuch, 'POST', url, { period_id: periodId, dry_run: 'может быть' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.dry_run).toBeDefined();
  });
});

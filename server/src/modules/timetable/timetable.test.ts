import {
  applyResultSchema,
  type Lesson,
  type LoadItem,
  lessonSchema,
  slotSchema,
  templateDetailSchema,
  templateSchema,
  todayLessonsSchema,
} from '@parta/shared/domain/contracts/timetable';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { call, createTestApp, loginAs, yearOfLesson } from '../../../test/helpers';
import { marks, students } from '../../db/schema';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let groups: { id: number; name: string }[];
let templateId: number;

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['director2', 'zavuch', 'teacher', 'student'])
    tokens[login] = await loginAs(app, login);
  groups = (await call(app, tokens.zavuch, 'GET', '/api/group')).json().data.groups;
  const created = await call(app, tokens.zavuch, 'POST', '/api/timetable', {
    name: 'Проверочный шаблон',
    academic_year: '2031/2032',
  });
  templateId = created.json().data.id;
}, 120_000);

afterAll(async () => {
  await app.close();
});

const group = (name: string) => groups.find((item) => item.name === name)!;
const loadOf = async (name: string): Promise<LoadItem[]> =>
  (await call(app, tokens.zavuch, 'GET', `/api/load?group_id=${group(name).id}`)).json().data;
const place = (loadId: number, weekday: number, lessonNumber: number, token = tokens.zavuch) =>
  call(app, token, 'POST', `/api/timetable/templates/${templateId}/slots`, {
    load_id: loadId,
    weekday,
    lesson_number: lessonNumber,
  });

describe('GET /api/timetable', () => {
  it('answers the bare list of templates (SPEC §7) with the seeded, filled one; only of the caller’s schools', async () => {
    const response = await call(app, tokens.zavuch, 'GET', '/api/timetable');
    expect(response.statusCode).toBe(200);
    const list = z.array(templateSchema).parse(response.json());
    const seeded = list.find((template) => template.name === 'Основное расписание 2026/2027')!;
    expect(seeded.active).toBe(true);
    expect(seeded.slots_count).toBeGreaterThan(500);
    const foreign = z
      .array(templateSchema)
      .parse((await call(app, tokens.director2, 'GET', '/api/timetable')).json());
    expect(foreign.some((template) => template.id === seeded.id)).toBe(false);
    expect(
      (await call(app, tokens.director2, 'GET', `/api/timetable/templates/${seeded.id}`)).statusCode,
    ).toBe(404);
    expect((await call(app, tokens.student, 'GET', '/api/timetable')).statusCode).toBe(403);
  });

  it('the seeded template places every hour of the load and never a teacher twice at once', async () => {
    const list = z
      .array(templateSchema)
      .parse((await call(app, tokens.zavuch, 'GET', '/api/timetable')).json());
    const seeded = list.find((template) => template.name === 'Основное расписание 2026/2027')!;
    const detail = templateDetailSchema.parse(
      (await call(app, tokens.zavuch, 'GET', `/api/timetable/templates/${seeded.id}`)).json().data,
    );
    const busy = new Set<string>();
    for (const slot of detail.slots) {
      const key = `${slot.teacher_id}|${slot.weekday}|${slot.lesson_number}`;
      expect(busy.has(key)).toBe(false);
      busy.add(key);
    }
    const lines = await loadOf('7Б');
    for (const line of lines) {
      expect(detail.slots.filter((slot) => slot.load_id === line.id)).toHaveLength(
        Math.ceil(line.hours_per_week),
      );
    }
  });
});

describe('template slots', () => {
  it('places a line, and refuses a double-booked teacher with the reason', async () => {
    const lines = await loadOf('5А');
    const math = lines.find((line) => line.subject_name === 'Математика')!;
    const first = await place(math.id, 1, 1);
    expect(first.statusCode).toBe(201);
    expect(slotSchema.parse(first.json().data)).toMatchObject({
      weekday: 1,
      lesson_number: 1,
      group_id: group('5А').id,
    });
    const elsewhere: LoadItem[] = (
      await call(app, tokens.zavuch, 'GET', `/api/load?teacher_id=${math.teacher_id}`)
    ).json().data;
    const other = elsewhere.find((line) => line.group_id !== group('5А').id)!;
    const refused = await place(other.id, 1, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${math.teacher_name} уже ведёт урок в это время (5А)`);
  });

  it('refuses a second lesson of the class at once but lets its subgroups sit side by side', async () => {
    const lines = await loadOf('5А');
    const russian = lines.find((line) => line.subject_name === 'Русский язык')!;
    expect((await place(russian.id, 1, 1)).json().message).toBe('У 5А уже есть урок в это время');
    const english = lines.filter((line) => line.subject_name === 'Английский язык');
    expect((await place(english[0].id, 1, 2)).statusCode).toBe(201);
    expect((await place(english[1].id, 1, 2)).statusCode).toBe(201);
  });

  it('refuses more lessons a day than СанПиН allows for the grade', async () => {
    const lines = await loadOf('2А');
    for (let lesson = 1; lesson <= 5; lesson++) {
      expect((await place(lines[lesson - 1].id, 2, lesson)).statusCode).toBe(201);
    }
    const sixth = await place(lines[5].id, 2, 6);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toContain('Больше 5 уроков в день для 2 класса');
  });

  it('answers 422 in Russian on bad input, 403 without timetables.edit, 404 for another school', async () => {
    const lines = await loadOf('5А');
    const bad = await place(lines[0].id, 8, 0);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.weekday[0]).toContain('от 1 до 7');
    const foreignLoad: LoadItem[] = (await call(app, tokens.director2, 'GET', '/api/load')).json().data;
    expect((await place(foreignLoad[0].id, 3, 1)).json().errors.load_id).toBeDefined();
    expect((await place(lines[0].id, 3, 1, tokens.teacher)).statusCode).toBe(403);
    expect((await place(lines[0].id, 3, 1, tokens.director2)).statusCode).toBe(404);
  });
});

describe('POST /api/timetable/templates/{id}/apply', () => {
  let periodId: number;
  let lessons: Lesson[];
  const range = 'from=2031-09-01&to=2031-09-14';

  beforeAll(async () => {
    const period = await call(app, tokens.zavuch, 'POST', '/api/periods', {
      academic_year: '2031/2032',
      name: 'Проверочная четверть',
      kind: 'quarter',
      start_date: '2031-09-01',
      end_date: '2031-09-14',
      grades: [5],
    });
    periodId = period.json().data.id;
    await call(app, tokens.zavuch, 'POST', '/api/holidays', {
      academic_year: '2031/2032',
      name: 'Выходной 5-х классов',
      start_date: '2031-09-03',
      end_date: '2031-09-03',
      grades: [5],
    });
    const history = (await loadOf('5А')).find((line) => line.subject_name === 'История')!;
    expect((await place(history.id, 3, 1)).statusCode).toBe(201);
  });

  it('lays the template over the period for its grades, skipping the holiday, with bell times', async () => {
    const response = await call(app, tokens.zavuch, 'POST', `/api/timetable/templates/${templateId}/apply`, {
      period_id: periodId,
    });
    expect(response.statusCode).toBe(200);
    // Mondays 01.09 and 08.09: math + two English subgroups; Wednesdays: 03.09 is a day off, 10.09 history.
    expect(applyResultSchema.parse(response.json().data)).toMatchObject({
      created: 7,
      updated: 0,
      removed: 0,
    });
    lessons = z
      .array(lessonSchema)
      .parse(
        (await call(app, tokens.zavuch, 'GET', `/api/lessons?group_id=${group('5А').id}&${range}`)).json()
          .data,
      );
    expect(lessons.map((lesson) => `${lesson.date} ${lesson.lesson_number} ${lesson.subject_name}`)).toEqual([
      '2031-09-01 1 Математика',
      '2031-09-01 2 Английский язык',
      '2031-09-01 2 Английский язык',
      '2031-09-08 1 Математика',
      '2031-09-08 2 Английский язык',
      '2031-09-08 2 Английский язык',
      '2031-09-10 1 История',
    ]);
    expect(lessons[0]).toMatchObject({
      start_time: '08:30',
      end_time: '09:15',
      status: 'scheduled',
      topic: null,
    });
    const twoA = await call(app, tokens.zavuch, 'GET', `/api/lessons?group_id=${group('2А').id}&${range}`);
    expect(twoA.json().data).toEqual([]);
  });

  it('re-applied after a change, removes what the template lost but keeps a lesson that has a mark', async () => {
    const detail = templateDetailSchema.parse(
      (await call(app, tokens.zavuch, 'GET', `/api/timetable/templates/${templateId}`)).json().data,
    );
    const mathSlot = detail.slots.find((slot) => slot.subject_name === 'Математика')!;
    const marked = lessons.find(
      (lesson) => lesson.date === '2031-09-08' && lesson.subject_name === 'Математика',
    )!;
    const [student] = await app.db
      .select()
      .from(students)
      .where(eq(students.classId, group('5А').id))
      .limit(1);
    await app.db.insert(marks).values({
      organizationId: student.organizationId,
      schoolYear: yearOfLesson(marked.id),
      lessonId: marked.id,
      studentId: student.id,
      value: '5',
    });
    const removed = await call(
      app,
      tokens.zavuch,
      'DELETE',
      `/api/timetable/templates/${templateId}/slots/${mathSlot.id}`,
    );
    expect(removed.statusCode).toBe(200);
    const again = await call(app, tokens.zavuch, 'POST', `/api/timetable/templates/${templateId}/apply`, {
      period_id: periodId,
    });
    expect(again.json().data).toMatchObject({ created: 0, removed: 1, kept: 1 });
    const after: Lesson[] = (
      await call(app, tokens.zavuch, 'GET', `/api/lessons?group_id=${group('5А').id}&${range}`)
    ).json().data;
    expect(after.filter((lesson) => lesson.subject_name === 'Математика').map((lesson) => lesson.id)).toEqual(
      [marked.id],
    );
  });

  it('refuses another school’s template and period, and a caller without timetables.edit', async () => {
    const url = `/api/timetable/templates/${templateId}/apply`;
    expect((await call(app, tokens.director2, 'POST', url, { period_id: periodId })).statusCode).toBe(404);
    const foreignPeriod = (await call(app, tokens.director2, 'GET', '/api/periods')).json().data[0].id;
    expect((await call(app, tokens.zavuch, 'POST', url, { period_id: foreignPeriod })).statusCode).toBe(404);
    expect((await call(app, tokens.teacher, 'POST', url, { period_id: periodId })).statusCode).toBe(403);
    const bad = await call(app, tokens.zavuch, 'POST', url, { period_id: 'x', from: '2031-13-01' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('dated lessons', () => {
  it('GET /api/lessons validates its query in Russian and stays within the caller’s schools', async () => {
    const noWho = await call(app, tokens.zavuch, 'GET', '/api/lessons?from=2026-11-23&to=2026-11-28');
    expect(noWho.statusCode).toBe(422);
    expect(noWho.json().errors.group_id).toEqual(['Укажите класс или учителя']);
    const reversed = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/lessons?group_id=1&from=2026-11-28&to=2026-11-23`,
    );
    expect(reversed.json().errors.to).toEqual(['Конец не может быть раньше начала']);
    const week = `group_id=${group('5А').id}&from=2026-11-23&to=2026-11-28`;
    const ours: Lesson[] = (await call(app, tokens.zavuch, 'GET', `/api/lessons?${week}`)).json().data;
    expect(ours.length).toBeGreaterThan(25);
    expect(ours.every((lesson) => lesson.start_time && lesson.end_time)).toBe(true);
    expect((await call(app, tokens.director2, 'GET', `/api/lessons?${week}`)).json().data).toEqual([]);
  });

  it('PATCH /api/lessons/{id}: replacement, cancellation and back; scoped and keyed', async () => {
    const week: Lesson[] = (
      await call(
        app,
        tokens.zavuch,
        'GET',
        `/api/lessons?group_id=${group('5А').id}&from=2026-11-23&to=2026-11-23`,
      )
    ).json().data;
    const lesson = week[0];
    const staff: LoadItem[] = (
      await call(app, tokens.zavuch, 'GET', `/api/load?group_id=${group('11Б').id}`)
    ).json().data;
    const busyIds = new Set(
      (
        await Promise.all(
          staff.map(
            async (line) =>
              (
                await call(
                  app,
                  tokens.zavuch,
                  'GET',
                  `/api/lessons?teacher_id=${line.teacher_id}&from=2026-11-23&to=2026-11-23`,
                )
              ).json().data as Lesson[],
          ),
        )
      )
        .flat()
        .filter((other) => other.lesson_number === lesson.lesson_number)
        .map((other) => other.teacher_id),
    );
    const free = staff.find((line) => line.teacher_id && !busyIds.has(line.teacher_id))!;
    const replaced = await call(app, tokens.zavuch, 'PATCH', `/api/lessons/${lesson.id}`, {
      status: 'replaced',
      teacher_id: free.teacher_id,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({
      status: 'replaced',
      teacher_id: free.teacher_id,
      original_teacher_id: lesson.teacher_id,
    });
    const cancelled = await call(app, tokens.zavuch, 'PATCH', `/api/lessons/${lesson.id}`, {
      status: 'cancelled',
    });
    expect(cancelled.json().data.status).toBe('cancelled');
    const back = await call(app, tokens.zavuch, 'PATCH', `/api/lessons/${lesson.id}`, {
      status: 'scheduled',
    });
    expect(back.json().data).toMatchObject({
      status: 'scheduled',
      teacher_id: lesson.teacher_id,
      original_teacher_id: null,
    });
    expect(
      (await call(app, tokens.director2, 'PATCH', `/api/lessons/${lesson.id}`, { status: 'cancelled' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(app, tokens.teacher, 'PATCH', `/api/lessons/${lesson.id}`, { status: 'cancelled' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(app, tokens.zavuch, 'PATCH', `/api/lessons/${lesson.id}`, { status: 'replaced' }))
        .statusCode,
    ).toBe(422);
  });

  it('GET /api/lessons/today: a teacher’s own lessons, a student’s class’s, the next school day after a Sunday', async () => {
    const me = (await call(app, tokens.teacher, 'POST', '/api/auth/me')).json().data;
    const teacher = todayLessonsSchema.parse(
      (await call(app, tokens.teacher, 'GET', '/api/lessons/today?date=2026-11-22')).json().data,
    );
    expect(teacher.date).toBe('2026-11-23');
    expect(teacher.role).toBe('teacher');
    expect(teacher.lessons.length).toBeGreaterThan(0);
    expect(teacher.lessons.every((lesson) => lesson.teacher_id === me.id)).toBe(true);
    const student = todayLessonsSchema.parse(
      (await call(app, tokens.student, 'GET', '/api/lessons/today?date=2026-11-23')).json().data,
    );
    expect(student.role).toBe('student');
    expect(student.lessons.length).toBeGreaterThanOrEqual(4);
    expect(student.lessons.every((lesson) => lesson.group_name === '5А')).toBe(true);
    // A student sees only their own English subgroup, so no lesson number appears twice.
    const numbers = student.lessons.map((lesson) => lesson.lesson_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect((await call(app, tokens.student, 'GET', '/api/lessons/today?date=23.11.2026')).statusCode).toBe(
      422,
    );
  });
});

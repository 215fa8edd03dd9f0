import { diaryWeekSchema } from '@parta/shared/domain/contracts/diary';
import {
  courseJournalSchema,
  courseSchema,
  hoursReportSchema,
} from '@parta/shared/domain/contracts/extracurricular';
import { isoWeekday } from '@parta/shared/domain/timetable';
import { and, asc, eq, gte, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { rowsOf } from '../../db/rows';
import { classes, lessons, students, users } from '../../db/schema';
import { setSchoolClock } from '../clock/clock.service';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let ids: {
  teacher: number;
  a: number;
  b: number;
  pupilsA: number[];
  pupilsB: number[];
  foreign: number;
  managerB: string;
};

async function classOf(number: number, letter: string) {
  const [row] = await app.db
    .select({ id: classes.id, managerId: classes.managerId })
    .from(classes)
    .innerJoin(users, eq(users.organizationId, classes.organizationId))
    .where(and(eq(classes.number, number), eq(classes.letter, letter), eq(users.login, 'zavuch')));
  return row;
}

async function pupilsOf(classId: number, count: number) {
  const rows = await app.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.classId, classId), eq(students.status, 'active')))
    .orderBy(asc(students.id))
    .limit(count);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  app = await createTestApp();
  for (const login of ['zavuch', 'teacher', 'student', 'director2', 'director'])
    tokens[login] = await loginAs(app, login);
  const a = await classOf(5, 'А');
  const b = await classOf(5, 'Б');
  const [teacher] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, 'teacher'));
  const [managerB] = await app.db
    .select({ login: users.login })
    .from(users)
    .where(eq(users.id, b.managerId!));
  const me = (await call(app, tokens.student, 'GET', '/api/diary')).json().data.student.id as number;
  const [foreign] = await app.db
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, eq(users.login, 'director2'))
    .where(eq(students.organizationId, users.organizationId))
    .limit(1);
  ids = {
    teacher: teacher.id,
    a: a.id,
    b: b.id,
    // The demo pupil and a classmate, and two pupils of 5Б.
    pupilsA: [me, ...(await pupilsOf(a.id, 3)).filter((id) => id !== me).slice(0, 1)],
    pupilsB: await pupilsOf(b.id, 2),
    foreign: foreign.id,
    managerB: managerB.login,
  };
  tokens.managerB = await loginAs(app, ids.managerB);
  setSchoolClock('2026-10-01T12:00:00+03:00');
}, 120_000);

afterAll(async () => {
  setSchoolClock(null);
  await app.close();
});

const base = () => ({
  name: 'Юный шахматист',
  direction: 'Общеинтеллектуальное',
  teacher_id: ids.teacher,
  hours_per_week: 1,
  student_ids: [...ids.pupilsA, ...ids.pupilsB],
});

describe('внеурочная деятельность', () => {
  let courseId: number;

  it('keeps a course with pupils of 5А and 5Б out of the class load', async () => {
    const loadBefore = (await call(app, tokens.zavuch, 'GET', `/api/load?group_id=${ids.a}`)).json();
    const directions = (await call(app, tokens.zavuch, 'GET', '/api/extracurricular/directions')).json().data;
    expect(directions.names).toContain('Разговоры о важном');
    expect(directions.names).toContain('Спортивно-оздоровительное');

    const created = await call(app, tokens.zavuch, 'POST', '/api/extracurricular/courses', base());
    expect(created.statusCode).toBe(201);
    const course = courseSchema.parse(created.json().data);
    courseId = course.id;
    expect(course.students.map((pupil) => pupil.group_name).sort()).toEqual(['5А', '5А', '5Б', '5Б']);
    expect(course.teacher_name).toMatch(/^\S+ [А-ЯЁ]\./);

    // Not a load line: the class's load (and its СанПиН figures) are what they were.
    const loadAfter = (await call(app, tokens.zavuch, 'GET', `/api/load?group_id=${ids.a}`)).json();
    expect(loadAfter).toEqual(loadBefore);
  });

  it('answers bad input with Russian 422s', async () => {
    const bad = await call(app, tokens.zavuch, 'POST', '/api/extracurricular/courses', {
      ...base(),
      hours_per_week: 11,
      direction: 'Неизвестное',
      student_ids: [ids.foreign],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.hours_per_week).toEqual(['Не больше 10 часов в неделю']);
    const checked = await call(app, tokens.zavuch, 'POST', '/api/extracurricular/courses', {
      ...base(),
      direction: 'Неизвестное',
      student_ids: [ids.foreign],
    });
    expect(checked.statusCode).toBe(422);
    expect(checked.json().errors).toEqual({
      direction: ['Такого направления нет в списке школы'],
      student_ids: ['Среди учеников есть ученик другой школы или выбывший'],
    });
    const backwards = await call(
      app,
      tokens.zavuch,
      'PUT',
      `/api/extracurricular/courses/${courseId}/schedule`,
      {
        slots: [{ weekday: 1, start_time: '16:00', end_time: '15:00' }],
      },
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors['slots.0.end_time']).toEqual([
      'Занятие должно заканчиваться позже, чем начинается',
    ]);
  });

  it('refuses a slot over a pupil’s lesson (with the break after lessons) or the teacher’s lesson', async () => {
    const [lesson] = await app.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.classId, ids.b), gte(lessons.date, '2026-10-05'), isNotNull(lessons.endTime)))
      .orderBy(asc(lessons.date), asc(lessons.lessonNumber))
      .limit(1);
    const end = lesson.endTime!.slice(0, 5);
    const [h, m] = end.split(':').map(Number);
    const fiveAfter = `${String(h + Math.floor((m + 5) / 60)).padStart(2, '0')}:${String((m + 5) % 60).padStart(2, '0')}`;
    const pupil = await call(app, tokens.zavuch, 'PUT', `/api/extracurricular/courses/${courseId}/schedule`, {
      slots: [{ weekday: isoWeekday(lesson.date), start_time: fiveAfter, end_time: '23:00' }],
    });
    expect(pupil.statusCode).toBe(422);
    expect(pupil.json().errors['slots.0'][0]).toMatch(
      /у учеников урок \(5[АБ], «.+» \d\d:\d\d–\d\d:\d\d\); занятие — не раньше чем через 10 мин после уроков/,
    );

    const [own] = await app.db
      .select()
      .from(lessons)
      .where(
        and(
          eq(lessons.teacherId, ids.teacher),
          notInArray(lessons.classId, [ids.a, ids.b]),
          gte(lessons.date, '2026-10-05'),
          isNotNull(lessons.startTime),
        ),
      )
      .orderBy(asc(lessons.date))
      .limit(1);
    if (own) {
      const teacher = await call(
        app,
        tokens.zavuch,
        'PUT',
        `/api/extracurricular/courses/${courseId}/schedule`,
        {
          slots: [
            {
              weekday: isoWeekday(own.date),
              start_time: own.startTime!.slice(0, 5),
              end_time: own.endTime!.slice(0, 5),
            },
          ],
        },
      );
      expect(teacher.statusCode).toBe(422);
      expect(JSON.stringify(teacher.json().errors)).toMatch(/урок/);
    }
  });

  it('lays the sessions over the terms from today, holidays skipped', async () => {
    const scheduled = await call(
      app,
      tokens.zavuch,
      'PUT',
      `/api/extracurricular/courses/${courseId}/schedule`,
      {
        slots: [{ weekday: 1, start_time: '17:00', end_time: '17:45', room: 'Каб. 12' }],
      },
    );
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().data.slots).toEqual([
      { weekday: 1, start_time: '17:00', end_time: '17:45', room: 'Каб. 12' },
    ]);
    const journal = courseJournalSchema.parse(
      (await call(app, tokens.zavuch, 'GET', `/api/extracurricular/courses/${courseId}/journal`)).json().data,
    );
    const dates = journal.sessions.map((session) => session.date);
    expect(dates[0]).toBe('2026-10-05');
    expect(dates.every((date) => isoWeekday(date) === 1)).toBe(true);
    // Каникулы between the четверти and the Mondays off (8 March, 3 and 10 May) have none.
    for (const off of [
      '2026-10-26',
      '2026-11-02',
      '2027-01-04',
      '2027-03-08',
      '2027-03-22',
      '2027-05-03',
      '2027-05-10',
    ])
      expect(dates).not.toContain(off);
    expect(dates).toContain('2027-05-24');
    expect(dates.at(-1)! <= '2027-05-26').toBe(true);
    // 34 Mondays from 5 October to 24 May, less 5 in the каникулы and 3 days off.
    expect(dates).toHaveLength(26);
    expect(journal.sessions[0]).toMatchObject({ start_time: '17:00', end_time: '17:45', room: 'Каб. 12' });
  });

  it('refuses another course in the same room or with the same teacher at that time', async () => {
    const [other] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, ids.managerB));
    const second = await call(app, tokens.zavuch, 'POST', '/api/extracurricular/courses', {
      ...base(),
      name: 'Шахматы для старших',
      teacher_id: other.id,
      student_ids: [],
    });
    expect(second.statusCode).toBe(201);
    const url = `/api/extracurricular/courses/${second.json().data.id}/schedule`;
    const room = await call(app, tokens.zavuch, 'PUT', url, {
      slots: [{ weekday: 1, start_time: '17:30', end_time: '18:15', room: 'Каб. 12' }],
    });
    expect(room.statusCode).toBe(422);
    expect(room.json().errors['slots.0']).toEqual([
      'Пн 17:30–18:15: кабинет Каб. 12 занят курсом «Юный шахматист» 17:00–17:45',
    ]);
    const elsewhere = await call(app, tokens.zavuch, 'PUT', url, {
      slots: [{ weekday: 1, start_time: '17:30', end_time: '18:15', room: 'Каб. 14' }],
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(
      (await call(app, tokens.zavuch, 'DELETE', `/api/extracurricular/courses/${second.json().data.id}`))
        .statusCode,
    ).toBe(200);
  });

  it('saves presence with versions: a second writer on the old version gets 409', async () => {
    setSchoolClock('2026-10-20T18:00:00+03:00');
    const journal = courseJournalSchema.parse(
      (
        await call(
          app,
          tokens.teacher,
          'GET',
          `/api/extracurricular/courses/${courseId}/journal?from=2026-10-01&to=2026-10-31`,
        )
      ).json().data,
    );
    const [first, second, third] = journal.sessions;
    expect(journal.sessions.map((session) => session.date)).toEqual([
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
    ]);
    const [me, classmate] = ids.pupilsA;
    const url = (session: number, student: number) =>
      `/api/extracurricular/sessions/${session}/students/${student}`;

    const saved = await call(app, tokens.teacher, 'PUT', url(first.id, me), { present: true, version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      session_id: first.id,
      student_id: me,
      present: true,
      excused: false,
      passed: null,
      version: 1,
    });
    const stale = await call(app, tokens.zavuch, 'PUT', url(first.id, me), { present: false, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toMatchObject({ present: true, version: 1 });
    const again = await call(app, tokens.zavuch, 'PUT', url(first.id, me), { present: true, version: 1 });
    expect(again.json().data.version).toBe(2);

    expect((await call(app, tokens.teacher, 'PUT', url(second.id, me), { present: true })).statusCode).toBe(
      200,
    );
    expect((await call(app, tokens.teacher, 'PUT', url(third.id, me), { present: false })).statusCode).toBe(
      200,
    );
    const excused = await call(app, tokens.teacher, 'PUT', url(first.id, classmate), {
      present: false,
      excused: true,
    });
    expect(excused.json().data).toMatchObject({ present: false, excused: true });
    const both = await call(app, tokens.teacher, 'PUT', url(second.id, classmate), {
      present: true,
      excused: true,
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.excused).toEqual(['Уважительная причина — только у отсутствовавшего']);

    const future = journal.sessions.find((session) => session.date > '2026-10-20');
    const later = (
      await call(
        app,
        tokens.teacher,
        'GET',
        `/api/extracurricular/courses/${courseId}/journal?from=2026-10-21&to=2026-11-30`,
      )
    ).json().data.sessions[0];
    expect(future ?? later).toBeTruthy();
    const early = await call(app, tokens.teacher, 'PUT', url(later.id, me), { present: true });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/Занятие ещё не прошло/);
    const outsider = await call(app, tokens.teacher, 'PUT', url(first.id, ids.foreign), { present: true });
    expect(outsider.statusCode).toBe(422);

    const topic = await call(app, tokens.teacher, 'PUT', `/api/extracurricular/sessions/${first.id}`, {
      topic: 'Шахматная доска',
    });
    expect(topic.json().data).toMatchObject({ id: first.id, topic: 'Шахматная доска' });
    const read = (
      await call(
        app,
        tokens.teacher,
        'GET',
        `/api/extracurricular/courses/${courseId}/journal?from=2026-10-05&to=2026-10-05`,
      )
    ).json().data;
    expect(read.sessions[0].topic).toBe('Шахматная доска');
    expect(read.cells).toHaveLength(2);
  });

  it('tells parents of a course absence only when the school switches it on', async () => {
    const courseNotices = () =>
      rowsOf<{ user_id: string; title: string }>(
        app.db,
        sql`select data->>'userId' as user_id, data->'notice'->>'title' as title from pgboss.job
             where data->'notice'->>'dedupeKey' like 'course-absence:%'`,
      );
    // The third session's «не был» above was saved with the setting off: nobody was told.
    expect(await courseNotices()).toEqual([]);
    const session = (
      await call(
        app,
        tokens.teacher,
        'GET',
        `/api/extracurricular/courses/${courseId}/journal?from=2026-10-19&to=2026-10-19`,
      )
    ).json().data;
    const [me] = ids.pupilsA;
    const cell = session.cells.find((item: { student_id: number }) => item.student_id === me);
    const on = await call(app, tokens.director, 'PUT', '/api/organizations/settings', [
      { key: 'extracurricular_absence_notices', value: '1' },
    ]);
    expect(on.statusCode).toBe(200);
    const again = await call(
      app,
      tokens.teacher,
      'PUT',
      `/api/extracurricular/sessions/${session.sessions[0].id}/students/${me}`,
      {
        present: false,
        version: cell.version,
      },
    );
    expect(again.statusCode).toBe(200);
    const [{ id: parentId }] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, 'parent'));
    const notices = await courseNotices();
    expect(notices).toEqual([
      { user_id: String(parentId), title: expect.stringMatching(/: пропуск занятия 19\.10\.26$/) },
    ]);
    await call(app, tokens.director, 'PUT', '/api/organizations/settings', [
      { key: 'extracurricular_absence_notices', value: '0' },
    ]);
  });

  it('counts the report’s hours as the sessions attended, per pupil, direction and class plan (+ .xlsx)', async () => {
    const [me, classmate] = ids.pupilsA;
    const school = hoursReportSchema.parse(
      (
        await call(app, tokens.zavuch, 'GET', '/api/extracurricular/report?from=2026-09-01&to=2026-10-31')
      ).json().data,
    );
    expect(school.students.find((row) => row.student_id === me)).toMatchObject({
      hours: 2,
      group_name: '5А',
      directions: [{ direction: 'Общеинтеллектуальное', hours: 2 }],
    });
    expect(school.students.find((row) => row.student_id === classmate)?.hours).toBe(0);
    expect(school.students).toHaveLength(4);
    expect(school.directions).toEqual([{ direction: 'Общеинтеллектуальное', hours: 2 }]);
    expect(school.plan).toBeNull();

    const plan = await call(app, tokens.zavuch, 'PUT', `/api/extracurricular/plans?group_id=${ids.a}`, {
      items: [
        { direction: 'Разговоры о важном', hours: 34 },
        { direction: 'Общеинтеллектуальное', hours: 34 },
      ],
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.json().data).toMatchObject({
      group_name: '5А',
      items: [{ direction: 'Разговоры о важном', hours: 34 }, {}],
    });
    const unknown = await call(app, tokens.zavuch, 'PUT', `/api/extracurricular/plans?group_id=${ids.a}`, {
      items: [{ direction: 'Шахматы', hours: 1 }],
    });
    expect(unknown.statusCode).toBe(422);
    const ofClass = hoursReportSchema.parse(
      (
        await call(
          app,
          tokens.zavuch,
          'GET',
          `/api/extracurricular/report?from=2026-09-01&to=2026-10-31&group_id=${ids.a}`,
        )
      ).json().data,
    );
    expect(ofClass.students.every((row) => row.group_name === '5А')).toBe(true);
    const pupils = ofClass.students.length;
    expect(ofClass.plan).toEqual([
      { direction: 'Разговоры о важном', planned: 34, average: 0 },
      { direction: 'Общеинтеллектуальное', planned: 34, average: Math.round((2 / pupils) * 10) / 10 },
    ]);
    const file = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/extracurricular/report?from=2026-09-01&to=2026-10-31&group_id=${ids.a}&format=xlsx`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('shows the pupil’s course on its day in the diary', async () => {
    const week = diaryWeekSchema.parse(
      (await call(app, tokens.student, 'GET', '/api/diary?week=2026-10-05')).json().data,
    );
    const monday = week.days.find((day) => day.date === '2026-10-05')!;
    expect(monday.courses).toEqual([
      expect.objectContaining({
        name: 'Юный шахматист',
        start_time: '17:00',
        topic: 'Шахматная доска',
        present: true,
      }),
    ]);
    expect(
      week.days.filter((day) => day.date !== '2026-10-05').every((day) => day.courses.length === 0),
    ).toBe(true);
    // The course is not a lesson: the day's lessons have no «н» from it.
    expect(monday.lessons.every((lesson) => lesson.subject_name !== 'Юный шахматист')).toBe(true);
  });

  it('lets the class teachers of its pupils read, not mark; a pupil 403; another school 404', async () => {
    const session = (
      await call(
        app,
        tokens.zavuch,
        'GET',
        `/api/extracurricular/courses/${courseId}/journal?from=2026-10-05&to=2026-10-05`,
      )
    ).json().data.sessions[0];
    const cell = `/api/extracurricular/sessions/${session.id}/students/${ids.pupilsB[0]}`;
    const read = await call(app, tokens.managerB, 'GET', `/api/extracurricular/courses/${courseId}/journal`);
    expect(read.statusCode).toBe(200);
    expect(
      (await call(app, tokens.managerB, 'GET', '/api/extracurricular/courses'))
        .json()
        .data.map((c: { id: number }) => c.id),
    ).toContain(courseId);
    const write = await call(app, tokens.managerB, 'PUT', cell, { present: true });
    if (ids.managerB !== 'teacher') {
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toMatch(/учитель или завуч/);
    }
    for (const [method, url, body] of [
      ['PUT', cell, { present: true }],
      ['POST', '/api/extracurricular/courses', base()],
      ['PUT', `/api/extracurricular/courses/${courseId}/schedule`, { slots: [] }],
      ['GET', `/api/extracurricular/courses/${courseId}/journal`, undefined],
    ] as const)
      expect((await call(app, tokens.student, method, url, body)).statusCode).toBe(403);

    expect(
      (await call(app, tokens.director2, 'GET', `/api/extracurricular/courses/${courseId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(app, tokens.director2, 'GET', `/api/extracurricular/courses/${courseId}/journal`))
        .statusCode,
    ).toBe(404);
    expect((await call(app, tokens.director2, 'PUT', cell, { present: false })).statusCode).toBe(404);
    expect(
      (await call(app, tokens.director2, 'PUT', `/api/extracurricular/courses/${courseId}`, base()))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(app, tokens.director2, 'DELETE', `/api/extracurricular/courses/${courseId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(app, tokens.director2, 'GET', `/api/extracurricular/plans?group_id=${ids.a}`)).statusCode,
    ).toBe(404);
    expect((await call(app, tokens.director2, 'GET', '/api/extracurricular/courses')).json().data).toEqual(
      [],
    );
    const theirs = hoursReportSchema.parse(
      (
        await call(app, tokens.director2, 'GET', '/api/extracurricular/report?from=2026-09-01&to=2026-10-31')
      ).json().data,
    );
    expect(theirs.students).toEqual([]);
  });

  it('keeps a pupil who changes class and deletes the course with its journal', async () => {
    const changed = await call(app, tokens.zavuch, 'PUT', `/api/extracurricular/courses/${courseId}`, {
      ...base(),
      student_ids: ids.pupilsA,
      pass_fail: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ pass_fail: true });
    expect(changed.json().data.students).toHaveLength(2);
    expect(
      (await call(app, tokens.zavuch, 'DELETE', `/api/extracurricular/courses/${courseId}`)).statusCode,
    ).toBe(200);
    expect(
      (await call(app, tokens.zavuch, 'GET', `/api/extracurricular/courses/${courseId}`)).statusCode,
    ).toBe(404);
  });
});

describe('a course with more than one teacher', () => {
  it('lets its other teachers read and mark it, refuses the others, and checks each teacher’s lessons', async () => {
    setSchoolClock('2026-10-01T12:00:00+03:00');
    // Another teacher of the school who gives lessons from the school clock's day on.
    const [other] = await rowsOf<{ id: number; login: string; date: string; start: string; end: string }>(
      app.db,
      sql`select u.id, u.login, l.date::text as date, to_char(l.start_time, 'HH24:MI') as start,
                 to_char(l.end_time, 'HH24:MI') as end
            from lessons l join users u on u.id = l.teacher_id
           where u.organization_id = (select organization_id from users where login = 'zavuch')
             and u.id <> ${ids.teacher} and l.date >= '2026-10-01' and l.start_time is not null
             and l.class_id not in (${ids.a}, ${ids.b})
             and l.status <> 'cancelled'
           order by l.date, l.start_time limit 1`,
    );
    tokens.other = await loginAs(app, other.login);
    const lead = await call(app, tokens.zavuch, 'POST', '/api/extracurricular/courses', {
      ...base(),
      name: 'Робототехника',
      co_teacher_ids: [ids.teacher],
    });
    expect(lead.statusCode).toBe(422);
    expect(lead.json().errors.co_teacher_ids).toEqual(['Основной учитель уже ведёт курс: выберите других']);
    const [stranger] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, 'director2'));
    const foreign = await call(app, tokens.zavuch, 'POST', '/api/extracurricular/courses', {
      ...base(),
      name: 'Робототехника',
      co_teacher_ids: [stranger.id],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.co_teacher_ids).toEqual([
      'Среди других учителей есть не сотрудник этой организации',
    ]);

    // No pupils yet: the slot below meets the other teacher's lesson, not a pupil's.
    const created = await call(app, tokens.zavuch, 'POST', '/api/extracurricular/courses', {
      ...base(),
      name: 'Робототехника',
      student_ids: [],
      co_teacher_ids: [other.id],
    });
    expect(created.statusCode).toBe(201);
    const course = courseSchema.parse(created.json().data);
    expect(course.co_teachers.map((teacher) => teacher.id)).toEqual([other.id]);
    // The other teacher lists it and may mark it; nobody else gains anything.
    const listed = (await call(app, tokens.other, 'GET', '/api/extracurricular/courses')).json().data;
    expect(listed.find((item: { id: number }) => item.id === course.id)).toMatchObject({ can_edit: true });

    // A slot over the other teacher's lesson is refused with the reason.
    const clash = await call(
      app,
      tokens.zavuch,
      'PUT',
      `/api/extracurricular/courses/${course.id}/schedule`,
      {
        slots: [{ weekday: isoWeekday(other.date), start_time: other.start, end_time: other.end }],
      },
    );
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors['slots.0'][0]).toMatch(/у учителя урок/);
    const joined = await call(app, tokens.zavuch, 'PUT', `/api/extracurricular/courses/${course.id}`, {
      ...base(),
      name: 'Робототехника',
      co_teacher_ids: [other.id],
    });
    expect(joined.statusCode).toBe(200);

    const evening = await call(
      app,
      tokens.zavuch,
      'PUT',
      `/api/extracurricular/courses/${course.id}/schedule`,
      {
        slots: [{ weekday: 4, start_time: '20:00', end_time: '20:45', room: null }],
      },
    );
    expect(evening.statusCode).toBe(200);
    const journal = courseJournalSchema.parse(
      (
        await call(
          app,
          tokens.other,
          'GET',
          `/api/extracurricular/courses/${course.id}/journal?from=2026-10-01&to=2026-10-01`,
        )
      ).json().data,
    );
    const [session] = journal.sessions;
    expect(session.date).toBe('2026-10-01');
    const url = `/api/extracurricular/sessions/${session.id}/students/${ids.pupilsA[0]}`;
    expect((await call(app, tokens.other, 'PUT', url, { present: true, version: 0 })).statusCode).toBe(200);
    // A class teacher of its pupils reads it but does not mark it.
    expect((await call(app, tokens.managerB, 'PUT', url, { present: false, version: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await call(app, tokens.zavuch, 'DELETE', `/api/extracurricular/courses/${course.id}`)).statusCode,
    ).toBe(200);
  });
});

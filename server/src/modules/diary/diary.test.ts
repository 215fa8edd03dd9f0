import { diaryWeekSchema, latestMarksSchema } from '@parta/shared/domain/contracts/diary';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs, yearOfLesson } from '../../../test/helpers';
import {
  attendance,
  finalMarks,
  lessons,
  marks,
  periods,
  studentParents,
  students,
  workTypes,
} from '../../db/schema';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let me: { id: number; classId: number; organizationId: number };
let classmate: number;
let foreignStudent: number;

beforeAll(async () => {
  app = await createTestApp();
  // The demo seed fills a term of the journal; these tests count only the marks they enter themselves.
  await app.db.delete(marks);
  await app.db.delete(attendance);
  await app.db.delete(finalMarks);
  for (const login of ['director2', 'zavuch', 'teacher', 'student', 'parent'])
    tokens[login] = await loginAs(app, login);
  const week = diaryWeekSchema.parse(
    (await call(app, tokens.student, 'GET', '/api/diary?week=2026-09-14')).json().data,
  );
  const [row] = await app.db.select().from(students).where(eq(students.id, week.student.id));
  me = { id: row.id, classId: row.classId!, organizationId: row.organizationId };
  [{ id: classmate }] = await app.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.classId, me.classId), ne(students.id, me.id), eq(students.status, 'active')))
    .orderBy(asc(students.id))
    .limit(1);
  [{ id: foreignStudent }] = await app.db
    .select({ id: students.id })
    .from(students)
    .where(ne(students.organizationId, me.organizationId))
    .limit(1);
}, 120_000);

afterAll(async () => {
  await app.close();
});

describe('GET /api/diary', () => {
  it('a student sees their week: lessons with bell times, topic, homework, grades with work type, attendance, averages and final marks', async () => {
    const dayLessons = await app.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.classId, me.classId), eq(lessons.date, '2026-09-15')))
      .orderBy(asc(lessons.lessonNumber));
    // Subgroups of a split subject share a lesson number: the student sees their own subgroup's.
    const lessonNumbers = new Set(dayLessons.map((item) => item.lessonNumber));
    const weekLessons = dayLessons.filter((item) => item.subgroupId === null);
    const lesson = weekLessons[0];
    const [workType] = await app.db
      .select()
      .from(workTypes)
      .where(eq(workTypes.organizationId, me.organizationId))
      .limit(1);
    await app.db.insert(marks).values([
      {
        organizationId: me.organizationId,
        schoolYear: yearOfLesson(lesson.id),
        lessonId: lesson.id,
        studentId: me.id,
        value: '5',
        workTypeId: workType.id,
        weight: 2,
      },
      {
        organizationId: me.organizationId,
        schoolYear: yearOfLesson(lesson.id),
        lessonId: lesson.id,
        studentId: me.id,
        value: '4',
        weight: 1,
      },
      {
        organizationId: me.organizationId,
        schoolYear: yearOfLesson(lesson.id),
        lessonId: lesson.id,
        studentId: classmate,
        value: '2',
        weight: 1,
      },
    ]);
    await app.db.insert(attendance).values({
      organizationId: me.organizationId,
      schoolYear: yearOfLesson(weekLessons[1].id),
      lessonId: weekLessons[1].id,
      studentId: me.id,
      value: 'б',
    });
    await app.db.update(lessons).set({ status: 'cancelled' }).where(eq(lessons.id, weekLessons[2].id));
    const [quarter] = await app.db
      .select()
      .from(periods)
      .where(and(eq(periods.organizationId, me.organizationId), eq(periods.name, 'I четверть')));
    await app.db.insert(finalMarks).values({
      organizationId: me.organizationId,
      studentId: me.id,
      subjectId: lesson.subjectId,
      periodId: quarter.id,
      value: '5',
    });

    const response = await call(app, tokens.student, 'GET', '/api/diary?week=2026-09-17');
    expect(response.statusCode).toBe(200);
    const week = diaryWeekSchema.parse(response.json().data);
    expect(week.week_start).toBe('2026-09-14');
    expect(week.days.map((day) => day.date)).toEqual([
      '2026-09-14',
      '2026-09-15',
      '2026-09-16',
      '2026-09-17',
      '2026-09-18',
      '2026-09-19',
      '2026-09-20',
    ]);
    expect(week.students.map((student) => student.id)).toEqual([me.id]);
    const tuesday = week.days[1].lessons;
    expect(tuesday.map((item) => item.lesson_number)).toEqual([...lessonNumbers]);
    const shown = (id: number) => tuesday.find((item) => item.id === id)!;
    expect(shown(lesson.id).start_time).toMatch(/^\d\d:\d\d$/);
    expect(shown(lesson.id).marks.map((mark) => [mark.value, mark.work_type, mark.weight])).toEqual([
      ['5', workType.name, 2],
      ['4', null, 1],
    ]);
    expect(shown(weekLessons[1].id).attendance).toBe('б');
    expect(shown(weekLessons[2].id).status).toBe('cancelled');
    expect(week.period?.name).toBe('I четверть');
    const subject = week.subjects.find((item) => item.subject_id === lesson.subjectId)!;
    // (5·2 + 4·1) / 3 = 4.67; the classmate's 2 is not theirs.
    expect(subject).toMatchObject({ average: 4.67, marks_count: 2, final_mark: '5' });
    expect(week.days[6].lessons).toEqual([]);

    const latest = latestMarksSchema.parse(
      (await call(app, tokens.student, 'GET', '/api/diary/latest-marks')).json().data,
    );
    expect(latest.marks.map((mark) => mark.value)).toEqual(['4', '5']);
    expect(latest.marks[0].date).toBe('2026-09-15');
  });

  it('a student reading another student’s diary, of their class or of another school, gets 403', async () => {
    expect((await call(app, tokens.student, 'GET', `/api/diary?student_id=${me.id}`)).statusCode).toBe(200);
    for (const id of [classmate, foreignStudent, 2_000_000_000]) {
      const response = await call(app, tokens.student, 'GET', `/api/diary?student_id=${id}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Можно открыть только свой дневник или дневник своего ребёнка');
      expect(
        (await call(app, tokens.student, 'GET', `/api/diary/latest-marks?student_id=${id}`)).statusCode,
      ).toBe(403);
    }
  });

  it('a parent reads each of their children and no one else', async () => {
    const parentId = (await call(app, tokens.parent, 'POST', '/api/auth/me')).json().data.id;
    await app.db
      .insert(studentParents)
      .values({ organizationId: me.organizationId, studentId: classmate, parentUserId: parentId });
    const first = diaryWeekSchema.parse(
      (await call(app, tokens.parent, 'GET', '/api/diary?week=2026-09-14')).json().data,
    );
    expect(first.students.map((student) => student.id).sort()).toEqual([me.id, classmate].sort());
    for (const id of [me.id, classmate]) {
      const week = diaryWeekSchema.parse(
        (await call(app, tokens.parent, 'GET', `/api/diary?student_id=${id}&week=2026-09-14`)).json().data,
      );
      expect(week.student.id).toBe(id);
    }
    const childMarks = diaryWeekSchema.parse(
      (await call(app, tokens.parent, 'GET', `/api/diary?student_id=${classmate}&week=2026-09-14`)).json()
        .data,
    );
    expect(childMarks.days[1].lessons.flatMap((lesson) => lesson.marks.map((mark) => mark.value))).toEqual([
      '2',
    ]);
    const [stranger] = await app.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.organizationId, me.organizationId), ne(students.classId, me.classId)))
      .limit(1);
    for (const id of [stranger.id, foreignStudent])
      expect((await call(app, tokens.parent, 'GET', `/api/diary?student_id=${id}`)).statusCode).toBe(403);
  });

  it('staff without the key get 403; a bad week or id gets 422 in Russian', async () => {
    for (const login of ['teacher', 'zavuch', 'director2'])
      expect((await call(app, tokens[login], 'GET', `/api/diary?student_id=${me.id}`)).statusCode).toBe(403);
    // The platform administrator holds every key but has no diary: the dashboard block is simply empty.
    const admin = await loginAs(app, 'admin');
    expect((await call(app, admin, 'GET', '/api/diary/latest-marks')).json().data).toEqual({
      student: null,
      marks: [],
    });
    expect((await call(app, admin, 'GET', `/api/diary/latest-marks?student_id=${me.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(app, admin, 'GET', '/api/diary')).statusCode).toBe(403);
    expect((await call(app, undefined, 'GET', '/api/diary')).statusCode).toBe(401);
    const bad = await call(app, tokens.student, 'GET', '/api/diary?week=14.09.2026&student_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.week).toEqual(['Дата в формате ГГГГ-ММ-ДД']);
    expect(bad.json().errors.student_id).toEqual(['Неверный идентификатор']);
  });
});

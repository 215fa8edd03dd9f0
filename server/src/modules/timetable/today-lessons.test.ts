import { todayLessonsSchema } from '@parta/shared/domain/contracts/timetable';
import { weekStart } from '@parta/shared/domain/timetable';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { lessons, studentParents, students, subgroupMembers, subgroups, subjects } from '../../db/schema';
import { setSchoolClock } from '../clock/clock.service';

/** «Уроки сегодня» of a pupil: the same lessons of the day as the pupil's diary, subgroup lessons included. */
let app: FastifyInstance;
let token: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  token = await loginAs(app, 'student');
  for (const login of ['parent', 'teacher', 'director2']) tokens[login] = await loginAs(app, login);
}, 120_000);

/** The pupil's lessons of `date` as their diary lists them (`studentId`: a parent's child's). */
async function diaryDay(as: string, date: string, studentId?: number): Promise<number[]> {
  const child = studentId === undefined ? '' : `&student_id=${studentId}`;
  const diary = (await call(app, as, 'GET', `/api/diary?week=${weekStart(date)}${child}`)).json().data as {
    days: { date: string; lessons: { id: number }[] }[];
  };
  return diary.days
    .find((day) => day.date === date)!
    .lessons.map((lesson) => lesson.id)
    .sort((a, b) => a - b);
}
const idsOf = (day: { lessons: { id: number }[] }) =>
  day.lessons.map((lesson) => lesson.id).sort((a, b) => a - b);

afterAll(async () => {
  setSchoolClock(null);
  await app.close();
});

describe('GET /api/lessons/today for a pupil', () => {
  it("lists the day's subgroup lesson (Английский язык, the pupil's group) that the diary lists", async () => {
    const me = (await call(app, token, 'POST', '/api/auth/me')).json().data;
    const [pupil] = await app.db.select().from(students).where(eq(students.userId, me.id));
    // A day of the demo with a lesson of the pupil's own subgroup.
    const [subgroupLesson] = await app.db
      .select({ id: lessons.id, date: lessons.date, subject: subjects.name, subgroup: subgroups.name })
      .from(lessons)
      .innerJoin(subgroupMembers, eq(subgroupMembers.subgroupId, lessons.subgroupId))
      .innerJoin(subgroups, eq(subgroups.id, lessons.subgroupId))
      .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
      .where(
        and(
          eq(subgroupMembers.studentId, pupil.id),
          isNotNull(lessons.subgroupId),
          sql`extract(isodow from ${lessons.date}) between 1 and 5`,
        ),
      )
      .orderBy(asc(lessons.date))
      .limit(1);
    expect(subgroupLesson).toBeDefined();
    setSchoolClock(subgroupLesson.date);

    const today = todayLessonsSchema.parse((await call(app, token, 'GET', '/api/lessons/today')).json().data);
    expect(today.date).toBe(subgroupLesson.date);
    expect(today.role).toBe('student');
    const listed = await diaryDay(token, subgroupLesson.date);
    expect(listed).toContain(subgroupLesson.id);
    expect(idsOf(today)).toEqual(listed);
    const shown = today.lessons.find((lesson) => lesson.id === subgroupLesson.id)!;
    expect(shown).toMatchObject({
      subject_name: subgroupLesson.subject,
      subgroup_name: subgroupLesson.subgroup,
    });
  });
});

describe('GET /api/lessons/today for a parent', () => {
  it("answers the child's day, each child's by student_id, and nobody else's", async () => {
    const me = (await call(app, tokens.parent, 'POST', '/api/auth/me')).json().data;
    const [own] = await app.db.select().from(studentParents).where(eq(studentParents.parentUserId, me.id));
    const [first] = await app.db.select().from(students).where(eq(students.id, own.studentId));
    // A second child of the family in another class of the school.
    const [second] = await app.db
      .select()
      .from(students)
      .where(
        and(
          eq(students.organizationId, first.organizationId),
          eq(students.status, 'active'),
          ne(students.classId, first.classId!),
        ),
      )
      .orderBy(asc(students.id))
      .limit(1);
    await app.db
      .insert(studentParents)
      .values({ organizationId: first.organizationId, studentId: second.id, parentUserId: me.id });
    // A weekday with lessons by the demo's timetable.
    const [{ date }] = await app.db
      .select({ date: lessons.date })
      .from(lessons)
      .where(and(eq(lessons.classId, first.classId!), sql`extract(isodow from ${lessons.date}) = 2`))
      .orderBy(asc(lessons.date))
      .limit(1);
    setSchoolClock(date);

    const answer = todayLessonsSchema.parse(
      (await call(app, tokens.parent, 'GET', '/api/lessons/today')).json().data,
    );
    expect(answer.role).toBe('student');
    expect(answer.date).toBe(date);
    expect(answer.children.map((child) => child.id).sort((a, b) => a - b)).toEqual(
      [first.id, second.id].sort((a, b) => a - b),
    );
    expect(answer.children.find((child) => child.id === first.id)!.name).toBe(
      `${first.surname} ${first.name}`,
    );
    expect(answer.student!.id).toBe(answer.children[0].id);
    for (const child of [first, second]) {
      const day = todayLessonsSchema.parse(
        (await call(app, tokens.parent, 'GET', `/api/lessons/today?student_id=${child.id}`)).json().data,
      );
      expect(day.student).toEqual({ id: child.id, name: `${child.surname} ${child.name}` });
      expect(day.date).toBe(date);
      expect(day.lessons.length).toBeGreaterThan(0);
      expect(day.lessons.every((lesson) => lesson.group_id === child.classId)).toBe(true);
      expect(idsOf(day)).toEqual(await diaryDay(tokens.parent, date, child.id));
    }
    // Not a child of theirs, a pupil of another school, a teacher asking for a pupil: not found.
    const [stranger] = await app.db
      .select()
      .from(students)
      .where(
        and(
          eq(students.organizationId, first.organizationId),
          ne(students.id, first.id),
          ne(students.id, second.id),
        ),
      )
      .limit(1);
    const [foreign] = await app.db
      .select()
      .from(students)
      .where(ne(students.organizationId, first.organizationId))
      .limit(1);
    for (const id of [stranger.id, foreign.id])
      expect((await call(app, tokens.parent, 'GET', `/api/lessons/today?student_id=${id}`)).statusCode).toBe(
        404,
      );
    expect(
      (await call(app, tokens.teacher, 'GET', `/api/lessons/today?student_id=${first.id}`)).statusCode,
    ).toBe(404);
    expect((await call(app, token, 'GET', `/api/lessons/today?student_id=${second.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(app, tokens.director2, 'GET', `/api/lessons/today?student_id=${first.id}`)).statusCode,
    ).toBe(404);
    expect((await call(app, tokens.parent, 'GET', '/api/lessons/today?student_id=abc')).statusCode).toBe(422);
    // The pupil and the teacher: their own day as before, no children.
    const pupil = todayLessonsSchema.parse((await call(app, token, 'GET', '/api/lessons/today')).json().data);
    expect(pupil).toMatchObject({ role: 'student', student: null, children: [] });
    const teacher = todayLessonsSchema.parse(
      (await call(app, tokens.teacher, 'GET', '/api/lessons/today')).json().data,
    );
    expect(teacher).toMatchObject({ role: 'teacher', student: null, children: [] });
  });
});

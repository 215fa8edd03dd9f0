import { notificationListSchema } from '@parta/shared/domain/contracts/notifications';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs } from '../../../test/helpers';
import { openSchoolDay } from '../../../test/school-days';
import { rowsOf } from '../../db/rows';
import { lessons, notifications, studentParents, students, users } from '../../db/schema';
import { schoolTime, schoolToday, setSchoolClock } from '../clock/clock.service';
import { ABSENCE_JOB, notifyAbsence } from './absence-notices.service';
import { digestTick, MARKS_DIGEST_JOB, notifyMarksDigest } from './digests.service';
import { LESSON_CHANGE_JOB } from './lesson-notices.service';
import { pupilWithExtraLessons } from './notifications.fixtures';
import { cleanUpNotifications } from './notifications.service';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let pupilId: number;
let parentId: number;
let teacherId: number;
/** Lessons of the demo pupil's class on a day with no attendance yet, taught by the teacher. */
let lessonIds: number[];
/** The school's «today» of this file: the first open school day after the seed (test/school-days.ts). */
let day: string;
const noLog = () => {};

const cellUrl = (lessonId: number) => `/api/journal/lessons/${lessonId}/students/${pupilId}`;
const versions = new Map<number, number>();
async function mark(lessonId: number, attendance: 'н' | 'б' | null) {
  const response = await call(app, tokens.teacher, 'PUT', cellUrl(lessonId), {
    grades: [],
    attendance,
    version: versions.get(lessonId) ?? 0,
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  versions.set(lessonId, response.json().data.version);
}
async function listOf(token: string) {
  const response = await call(app, token, 'GET', '/api/notifications');
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json());
}
async function setWindow(minutes: number) {
  const response = await call(app, tokens.director, 'PUT', '/api/organizations/settings', [
    { key: 'absence_correction_minutes', value: String(minutes) },
  ]);
  expect(response.statusCode).toBe(200);
}
/** Waits for the real queue's worker to have told `login` what `predicate` asks (or for 15 s to pass). */
async function waitForList(login: string, predicate: (list: Awaited<ReturnType<typeof listOf>>) => boolean) {
  const until = Date.now() + 15_000;
  for (;;) {
    const list = await listOf(tokens[login]);
    if (predicate(list) || Date.now() > until) return list;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
type Notice = Awaited<ReturnType<typeof listOf>>['data'][number];
/** The user's notices of one category, once `predicate` holds of them (or after 15 s). */
async function noticesOf(
  login: string,
  category: Notice['category'],
  predicate: (items: Notice[]) => boolean = (items) => items.length > 0,
) {
  const of = (list: Awaited<ReturnType<typeof listOf>>) =>
    list.data.filter((item) => item.category === category);
  return of(await waitForList(login, (list) => predicate(of(list))));
}
const pendingJobs = () =>
  rowsOf<{ data: { lessonId: number; studentId: number }; waits: boolean }>(
    app.db,
    sql`select data, start_after > now() + interval '50 seconds' as waits from pgboss.job
         where name = ${ABSENCE_JOB} and state = 'created'`,
  );

beforeAll(async () => {
  app = await createTestApp({ queue: { pollingSeconds: 0.5 } });
  day = await openSchoolDay(app.db);
  for (const login of ['teacher', 'parent', 'student', 'director', 'director2', 'zavuch'])
    tokens[login] = await loginAs(app, login);
  [{ id: parentId }] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, 'parent'));
  [{ id: teacherId }] = await app.db.select({ id: users.id }).from(users).where(eq(users.login, 'teacher'));
  ({ pupilId, lessonIds } = await pupilWithExtraLessons(app.db, teacherId, day, [11, 12, 13]));
}, 180_000);

afterAll(async () => {
  setSchoolClock(null);
  await app.close();
});

describe('absence notifications', () => {
  it('waits for the correction window and sends nothing when the «н» is corrected inside it', async () => {
    await setWindow(15);
    await mark(lessonIds[0], 'н');
    // The job waits in the queue for the window (15 minutes from the entry).
    const jobs = await pendingJobs();
    expect(jobs).toEqual([
      { data: { lessonId: lessonIds[0], studentId: pupilId, actorId: teacherId }, waits: true },
    ]);
    await mark(lessonIds[0], null);
    // The window has passed (0: every absence entered counts): the job finds none left.
    await setWindow(0);
    await notifyAbsence(app.db, jobs[0].data as never, noLog);
    expect((await listOf(tokens.parent)).data).toEqual([]);
  });

  it('tells the parents once per pupil and day, listing each lesson missed, through the queue', async () => {
    await setWindow(0);
    await mark(lessonIds[1], 'н');
    const first = await waitForList('parent', (list) => list.data.length > 0);
    expect(first.data).toHaveLength(1);
    expect(first.meta.unread).toBe(1);
    const [notice] = first.data;
    expect(notice.category).toBe('absence');
    expect(notice.title).toMatch(/пропуск \d\d\.\d\d\.\d\d$/);
    expect(notice.body).toBe(`Пропущено уроков: 1\n12-й урок — ${notice.body.split('— ')[1]}`);
    expect(notice.link).toBe(`/diary?week=${day}&student=${pupilId}`);
    expect(notice.read_at).toBeNull();

    // Read, then another lesson missed the same day: the same notification, unread again, both lessons.
    expect((await call(app, tokens.parent, 'POST', `/api/notifications/${notice.id}/read`)).statusCode).toBe(
      200,
    );
    expect((await listOf(tokens.parent)).meta.unread).toBe(0);
    await mark(lessonIds[2], 'б');
    const second = await waitForList('parent', (list) => list.meta.unread === 1);
    expect(second.data).toHaveLength(1);
    expect(second.data[0].id).toBe(notice.id);
    expect(second.data[0].body).toMatch(
      /^Пропущено уроков: 2\n12-й урок — .+\n13-й урок — .+ \(по болезни\)$/,
    );

    // Nothing to whoever entered the absences; nothing to the pupil's teacher.
    expect((await listOf(tokens.teacher)).data).toEqual([]);
  });

  it('runs twice without a second message, and never tells the person who made the change', async () => {
    const before = (await listOf(tokens.parent)).data;
    await notifyAbsence(app.db, { lessonId: lessonIds[2], studentId: pupilId, actorId: teacherId }, noLog);
    expect((await listOf(tokens.parent)).data).toEqual(before);

    await app.db.delete(notifications).where(eq(notifications.userId, parentId));
    await notifyAbsence(app.db, { lessonId: lessonIds[2], studentId: pupilId, actorId: parentId }, noLog);
    expect((await listOf(tokens.parent)).data).toEqual([]);
    await notifyAbsence(app.db, { lessonId: lessonIds[2], studentId: pupilId, actorId: teacherId }, noLog);
    expect((await listOf(tokens.parent)).data).toHaveLength(1);
  });

  it('tells no parent linked in another school', async () => {
    const [link] = await app.db
      .select()
      .from(studentParents)
      .where(eq(studentParents.parentUserId, parentId));
    const [school2] = await rowsOf<{ id: number }>(
      app.db,
      sql`select organization_id as id from users where login = 'director2'`,
    );
    await app.db.delete(notifications).where(eq(notifications.userId, parentId));
    await app.db
      .update(studentParents)
      .set({ organizationId: school2.id })
      .where(eq(studentParents.id, link.id));
    await notifyAbsence(app.db, { lessonId: lessonIds[2], studentId: pupilId, actorId: teacherId }, noLog);
    expect((await listOf(tokens.parent)).data).toEqual([]);
    await app.db
      .update(studentParents)
      .set({ organizationId: link.organizationId })
      .where(eq(studentParents.id, link.id));
    await notifyAbsence(app.db, { lessonId: lessonIds[2], studentId: pupilId, actorId: teacherId }, noLog);
    expect((await listOf(tokens.parent)).data).toHaveLength(1);
  });
});

describe('a user sees and marks only their own', () => {
  it('answers 404 to another school, to the pupil and to the teacher for the parent’s notification', async () => {
    const [notice] = (await listOf(tokens.parent)).data;
    for (const login of ['director2', 'student', 'teacher', 'zavuch']) {
      expect((await listOf(tokens[login])).data.some((item) => item.id === notice.id)).toBe(false);
      const read = await call(app, tokens[login], 'POST', `/api/notifications/${notice.id}/read`);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe('Уведомление не найдено');
    }
    expect((await listOf(tokens.parent)).data[0].read_at).toBeNull();
    expect((await call(app, undefined, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call(app, tokens.parent, 'POST', '/api/notifications/abc/read')).statusCode).toBe(404);
  });

  it('counts unread and marks all read', async () => {
    const count = await call(app, tokens.parent, 'GET', '/api/notifications/unread-count');
    expect(count.json()).toEqual({ data: { unread: 1 } });
    const all = await call(app, tokens.parent, 'POST', '/api/notifications/read-all');
    expect(all.json()).toEqual({ data: { unread: 0 } });
    expect((await listOf(tokens.parent)).data[0].read_at).not.toBeNull();
  });

  it('forgets notifications after 90 days', async () => {
    await app.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(notifications.userId, parentId));
    await cleanUpNotifications(app.db);
    expect((await listOf(tokens.parent)).data).toEqual([]);
  });
});

describe('notification settings of the school', () => {
  it('lists the defaults and refuses values out of range in Russian', async () => {
    const settings = await call(app, tokens.director2, 'GET', '/api/organizations/settings');
    const byKey = Object.fromEntries(
      settings.json().data.map((item: { key: string; value: string }) => [item.key, item.value]),
    );
    expect(byKey).toMatchObject({
      absence_correction_minutes: '15',
      digest_hour: '18',
      quiet_hours_from: '21',
      quiet_hours_to: '8',
    });
    const refused = await call(app, tokens.director, 'PUT', '/api/organizations/settings', [
      { key: 'absence_correction_minutes', value: '500' },
      { key: 'digest_hour', value: '24' },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      '0.value': ['Окно исправления пропуска, минут: целое число от 0 до 240'],
      '1.value': ['Час вечерней сводки: целое число от 0 до 23'],
    });
  });
});

describe('a changed lesson within the next 7 days', () => {
  /** A lesson of the pupil's class at the 14th lesson of `date`, taught by the teacher. */
  async function extraLesson(date: string) {
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.id, lessonIds[0]));
    const [row] = await app.db
      .insert(lessons)
      .values({ ...lesson, id: undefined, date, lessonNumber: 14, status: 'scheduled' })
      .returning({ id: lessons.id });
    return row.id;
  }
  const change = async (lessonId: number, body: object) => {
    const response = await call(app, tokens.zavuch, 'PATCH', `/api/lessons/${lessonId}`, body);
    expect(response.statusCode).toBe(200);
  };
  it('tells the pupil, the parents and the substitute at once; undoing it updates the same notice', async () => {
    const lessonId = await extraLesson(day);
    const [director] = await app.db.select().from(users).where(eq(users.login, 'director'));
    await change(lessonId, { status: 'replaced', teacher_id: director.id });

    const parent = await noticesOf('parent', 'timetable');
    expect(parent).toHaveLength(1);
    expect(parent[0].title).toMatch(/^\d+[А-Я]: замена \d\d\.\d\d\.\d\d$/);
    expect(parent[0].body).toContain('14-й урок');
    expect(parent[0].body).toContain(`ведёт ${director.surname}`);
    expect(parent[0].link).toBe(`/diary?week=${day}`);
    expect(await noticesOf('student', 'timetable')).toHaveLength(1);
    const [taken] = await noticesOf('director', 'timetable');
    expect(taken.title).toMatch(/^Замена: /);
    expect(taken.link).toMatch(new RegExp(`^/journal/\\d+/\\d+\\?date=${day}$`));
    // Not to the завуч who made the change.
    expect((await listOf(tokens.zavuch)).data.filter((item) => item.category === 'timetable')).toEqual([]);

    await change(lessonId, { status: 'scheduled' });
    const undone = await noticesOf('parent', 'timetable', (items) =>
      items[0]?.title.includes('по расписанию'),
    );
    expect(undone.map((item) => item.id)).toEqual([parent[0].id]);
    expect(undone[0].read_at).toBeNull();
    const off = await noticesOf('director', 'timetable', (items) =>
      items[0]?.title.startsWith('Замена снята'),
    );
    expect(off.map((item) => item.id)).toEqual([taken.id]);
    expect(off[0].body).toContain('урок ведёт');
  }, 60_000);

  it('queues nothing for a lesson three weeks ahead, nor for a change that changes nothing', async () => {
    const later = new Date(Date.parse(day) + 21 * 86_400_000).toISOString().slice(0, 10);
    const queued = () =>
      rowsOf<{ count: number }>(
        app.db,
        sql`select count(*)::int as count from pgboss.job where name = ${LESSON_CHANGE_JOB}`,
      );
    const [{ count: before }] = await queued();
    await change(await extraLesson(later), { status: 'cancelled' });
    await change(await extraLesson(day), { status: 'scheduled' });
    const [{ count: after }] = await queued();
    expect(after).toBe(before);
  });
});

describe('a final mark', () => {
  it('tells the pupil and the parents at once, updates the same notice when changed, and says when it is removed', async () => {
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.id, lessonIds[0]));
    const grid = (
      await call(app, tokens.teacher, 'GET', `/api/journal/${lesson.classId}/${lesson.loadId}`)
    ).json().data as { period: { id: number; name: string } };
    const put = async (value: string | null) => {
      const response = await call(app, tokens.teacher, 'PUT', '/api/journal/final', {
        marks: [{ student_id: pupilId, subject_id: lesson.subjectId, period_id: grid.period.id, value }],
      });
      expect(response.statusCode).toBe(200);
    };
    await put('5');
    const [told] = await noticesOf('parent', 'final_marks', (items) =>
      items.some((item) => item.body.endsWith('— 5')),
    );
    expect(told.title).toBe(`Итоговая оценка: ${await subjectName(lesson.subjectId)}, ${grid.period.name}`);
    expect(told.body).toMatch(/— 5$/);
    expect((await noticesOf('student', 'final_marks')).map((item) => item.body)).toEqual([told.body]);
    // Not to the teacher who set it.
    expect((await listOf(tokens.teacher)).data.filter((item) => item.category === 'final_marks')).toEqual([]);

    await put('4');
    const changed = await noticesOf('parent', 'final_marks', (items) =>
      items.some((item) => item.body.endsWith('— 4')),
    );
    expect(changed.map((item) => item.id)).toEqual([told.id]);
    await put(null);
    const removed = await noticesOf('parent', 'final_marks', (items) =>
      items.some((item) => item.body.includes('снята')),
    );
    expect(removed.map((item) => item.id)).toEqual([told.id]);
  }, 60_000);
});

async function subjectName(id: number) {
  const [row] = await rowsOf<{ name: string }>(app.db, sql`select name from subjects where id = ${id}`);
  return row.name;
}

describe('the evening digest of marks', () => {
  const digestOf = async (login: string) =>
    (await listOf(tokens[login])).data.filter((item) => item.category === 'marks');
  const grade = async (lessonId: number, values: number[]) => {
    const response = await call(app, tokens.teacher, 'PUT', cellUrl(lessonId), {
      grades: values.map((value) => ({ value })),
      attendance: null,
      version: versions.get(lessonId) ?? 0,
    });
    expect(response.statusCode).toBe(200);
    versions.set(lessonId, response.json().data.version);
  };

  it('sends each family one notice of the day with the marks and the new average, updated in place', async () => {
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.id, lessonIds[1]));
    const subject = await subjectName(lesson.subjectId);
    await grade(lessonIds[1], [5, 4]);
    const job = { organizationId: lesson.organizationId, date: schoolToday() };
    await notifyMarksDigest(app.db, job, noLog);

    const [parent] = await digestOf('parent');
    expect(parent.title).toMatch(/^Оценки за \d\d\.\d\d\.\d\d$/);
    const [pupil] = await app.db.select().from(students).where(eq(students.id, pupilId));
    expect(parent.body).toContain(`${pupil.surname} ${pupil.name}`);
    expect(parent.body).toMatch(new RegExp(`${subject}: 5 4 · средний \\d,\\d\\d`));
    const [own] = await digestOf('student');
    expect(own.body).not.toContain(pupil.surname);
    expect(own.body).toContain(`${subject}: 5 4`);
    // Not to the teacher, and nothing twice: the same run again changes nothing.
    expect(await digestOf('teacher')).toEqual([]);
    await notifyMarksDigest(app.db, job, noLog);
    expect(await digestOf('parent')).toEqual([parent]);

    // A mark removed later that day: the same notice says so.
    await grade(lessonIds[1], []);
    await notifyMarksDigest(app.db, job, noLog);
    const [updated] = await digestOf('parent');
    expect(updated.id).toBe(parent.id);
    expect(updated.body).toContain(`${subject}: оценка снята`);
    expect(updated.read_at).toBeNull();
  });

  it('tells each family the next day’s homework with the digest, updated in place when it changes', async () => {
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.id, lessonIds[0]));
    // The test's own lesson on a Sunday, the digest of the Saturday before: no demo lesson (with its
    // КТП homework) shares that day, whatever the calendar says today.
    const sunday = new Date(Date.parse(day) + 86_400_000 * (7 - new Date(day).getUTCDay()));
    const tomorrow = sunday.toISOString().slice(0, 10);
    const today = new Date(sunday.getTime() - 86_400_000).toISOString().slice(0, 10);
    const [next] = await app.db
      .insert(lessons)
      .values({ ...lesson, id: undefined, date: tomorrow, lessonNumber: 15, homework: '№ 12, 13' })
      .returning({ id: lessons.id });
    const job = { organizationId: lesson.organizationId, date: today };
    const subject = await subjectName(lesson.subjectId);
    // This day's notice only (the first test's digest may have told of the demo's next day).
    const homeworkOf = async (login: string) =>
      (await listOf(tokens[login])).data.filter(
        (item) => item.category === 'homework' && item.link?.includes(`week=${tomorrow}`),
      );
    try {
      await notifyMarksDigest(app.db, job, noLog);
      const [parent] = await homeworkOf('parent');
      expect(parent.title).toMatch(/^Домашнее задание на \d\d\.\d\d\.\d\d$/);
      expect(parent.body).toContain(`${subject}: № 12, 13`);
      const [own] = await homeworkOf('student');
      expect(own.body).toBe(`${subject}: № 12, 13`);
      expect(await homeworkOf('teacher')).toEqual([]);

      await app.db.update(lessons).set({ homework: '№ 14' }).where(eq(lessons.id, next.id));
      await notifyMarksDigest(app.db, job, noLog);
      const changed = await homeworkOf('parent');
      expect(changed.map((item) => item.id)).toEqual([parent.id]);
      expect(changed[0].body).toContain(`${subject}: № 14`);
      // The «сразу» runs before the digest hour tell of marks only.
      await app.db.delete(notifications).where(sql`${notifications.category} = 'homework'`);
      await notifyMarksDigest(app.db, { ...job, instantOnly: true }, noLog);
      expect(await homeworkOf('parent')).toEqual([]);
    } finally {
      await app.db.delete(lessons).where(eq(lessons.id, next.id));
    }
  });

  it('is queued for a school once its digest hour has come, and not before', async () => {
    const [lesson] = await app.db.select().from(lessons).where(eq(lessons.id, lessonIds[1]));
    const queued = async () =>
      (
        await rowsOf<{ count: number }>(
          app.db,
          sql`select count(*)::int as count from pgboss.job
               where name = ${MARKS_DIGEST_JOB} and (data->>'organizationId')::int = ${lesson.organizationId}`,
        )
      )[0].count;
    const setHour = async (hour: number) => {
      const response = await call(app, tokens.director, 'PUT', '/api/organizations/settings', [
        { key: 'digest_hour', value: String(hour) },
      ]);
      expect(response.statusCode).toBe(200);
    };
    try {
      const before = await queued();
      if (schoolTime() < '23:00') {
        await setHour(23);
        await digestTick(app.db, app.queue);
        expect(await queued()).toBe(before);
      }
      await setHour(0);
      await digestTick(app.db, app.queue);
      expect(await queued()).toBe(before + 1);
    } finally {
      await setHour(18);
    }
  });
});

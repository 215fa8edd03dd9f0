import {
  type AbsenceDetail,
  absenceDetailSchema,
  type CoverLesson,
  coverLessonSchema,
  distributeResultSchema,
  substitutionReportSchema,
} from '@parta/shared/domain/contracts/substitutions';
import { addDays, isoWeekday } from '@parta/shared/domain/timetable';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, loginAs, yearOfLesson } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  classes,
  lessons,
  loads,
  marks,
  notifications,
  organizations,
  roles,
  rooms,
  students,
  subjects,
  timetableSlots,
  timetables,
  timetableTemplates,
  userRoles,
  users,
} from '../../db/schema';
import { schoolToday, setSchoolClock } from '../clock/clock.service';
import { LESSON_CHANGE_JOB } from '../notifications/lesson-notices.service';
import { NOTICE_JOB } from '../notifications/notifications.service';

/**
 * A small school built here (not the demo: its hundreds of lessons would hide what ranks why):
 * Алгебраева (mathematics in 5А and 6А) falls ill; around her, teachers each differing in one respect.
 */
let app: FastifyInstance;
let db: Database;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const today = schoolToday();
const yesterday = addDays(today, -1);
const tomorrow = addDays(today, 1);
const afterTomorrow = addDays(today, 2);
let absenceId: number;

async function buildSchool() {
  const [template] = await db.select().from(users).where(eq(users.login, 'zavuch'));
  const [org] = await db
    .insert(organizations)
    .values({ name: 'Школа замен', shortName: 'Школа замен', balance: 1000 })
    .returning();
  const orgId = org.id;
  const roleIds = new Map(
    (
      await db
        .select()
        .from(roles)
        .where(inArray(roles.code, ['director', 'deputy', 'teacher']))
    ).map((role) => [role.code, role.id]),
  );
  const person = async (key: string, surname: string, role: 'director' | 'deputy' | 'teacher') => {
    const [row] = await db
      .insert(users)
      .values({
        organizationId: orgId,
        surname,
        name: 'Анна',
        patronymic: 'Петровна',
        login: `subst_${key}`,
        passwordHash: template.passwordHash,
      })
      .returning();
    await db.insert(userRoles).values({ userId: row.id, roleId: roleIds.get(role)!, organizationId: orgId });
    ids[key] = row.id;
  };
  await person('director', 'Директорова', 'director');
  await person('zavuch', 'Завучева', 'deputy');
  await person('absent', 'Алгебраева', 'teacher'); // the sick mathematics teacher
  await person('spec', 'Специалистова', 'teacher'); // mathematics elsewhere, a gap at the 2nd lesson
  await person('many', 'Многозаменова', 'teacher'); // the same, but already substituted twice this month
  await person('nonspec', 'Неспециалистова', 'teacher'); // Russian in 5А, the same gap
  await person('free', 'Свободнова', 'teacher'); // physics, no lessons that day
  await person('busy', 'Занятова', 'teacher'); // mathematics, teaching at the 2nd lesson
  await person('away', 'Отсутствова', 'teacher'); // mathematics, away herself
  await person('other', 'Прошлова', 'teacher'); // the one Многозаменова stood in for

  const subject = async (name: string) => {
    const [row] = await db.insert(subjects).values({ organizationId: orgId, name }).returning();
    return row.id;
  };
  const math = await subject('Математика');
  const russian = await subject('Русский язык');
  const physics = await subject('Физика');
  ids.math = math;
  const group = async (number: number) => {
    const [row] = await db
      .insert(classes)
      .values({ organizationId: orgId, number, letter: 'А', academicYear: '2026/2027' })
      .returning();
    return row.id;
  };
  const c5 = await group(5);
  const c6 = await group(6);
  const c7 = await group(7);
  const c8 = await group(8);
  const c9 = await group(9);
  const c10 = await group(10);
  const c11 = await group(11);
  ids.c5 = c5;
  const load = async (teacher: string, classId: number, subjectId: number) => {
    const [row] = await db
      .insert(loads)
      .values({ organizationId: orgId, classId, subjectId, teacherId: ids[teacher], hoursPerWeek: 4 })
      .returning();
    return row;
  };
  const l5 = await load('absent', c5, math);
  const l6 = await load('absent', c6, math);
  const l7 = await load('spec', c7, math);
  const l10 = await load('many', c10, math);
  const lRu = await load('nonspec', c5, russian);
  await load('free', c11, physics);
  const l8 = await load('busy', c8, math);
  const l9 = await load('away', c9, math);
  const lOther = await load('other', c11, math);
  const lesson = async (
    key: string,
    line: typeof l5,
    date: string,
    lessonNumber: number,
    extra: Partial<typeof lessons.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(lessons)
      .values({
        organizationId: orgId,
        loadId: line.id,
        classId: line.classId,
        subjectId: line.subjectId,
        teacherId: line.teacherId,
        date,
        lessonNumber,
        startTime: `${String(7 + lessonNumber).padStart(2, '0')}:30`,
        endTime: `${String(8 + lessonNumber).padStart(2, '0')}:15`,
        ...extra,
      })
      .returning();
    ids[key] = row.id;
  };
  // The absent teacher's lessons: yesterday (started), late today, tomorrow's day, the day after.
  await lesson('y2', l5, yesterday, 2);
  await lesson('y3', l6, yesterday, 3, {
    status: 'replaced',
    teacherId: ids.spec,
    originalTeacherId: ids.absent,
  });
  await lesson('t7', l5, today, 7, { startTime: '23:59', endTime: '23:59' });
  await lesson('d2', l5, tomorrow, 2);
  await lesson('d4', l6, tomorrow, 4);
  await lesson('d5', l6, tomorrow, 5);
  await lesson('e1', l5, afterTomorrow, 1);
  // Everyone else's tomorrow.
  for (const n of [1, 3]) {
    await lesson(`spec${n}`, l7, tomorrow, n);
    await lesson(`many${n}`, l10, tomorrow, n);
    await lesson(`ru${n}`, lRu, tomorrow, n);
  }
  await lesson('busy2', l8, tomorrow, 2);
  await lesson('away2', l9, tomorrow, 3);
  // Многозаменова already stood in for Прошлова twice this month (the same day: always this month).
  for (const n of [6, 7])
    await lesson(`other${n}`, lOther, tomorrow, n, {
      status: 'replaced',
      teacherId: ids.many,
      originalTeacherId: ids.other,
    });
  const [pupil] = await db
    .insert(students)
    .values({ organizationId: orgId, classId: c5, surname: 'Учеников', name: 'Пётр' })
    .returning();
  ids.pupil = pupil.id;
  ids.org = orgId;
}

beforeAll(async () => {
  app = await createTestApp();
  db = app.db;
  await buildSchool();
  for (const key of ['director', 'zavuch', 'absent', 'spec', 'nonspec', 'away'])
    tokens[key] = await loginAs(app, `subst_${key}`);
  tokens.demoZavuch = await loginAs(app, 'zavuch');
  tokens.student = await loginAs(app, 'student');
}, 120_000);

afterAll(async () => {
  await app.close();
});

const absenceUrl = () => `/api/substitutions/absences/${absenceId}`;
const decide = (lessonKey: string, body: object, token = tokens.zavuch) =>
  call(app, token, 'PUT', `${absenceUrl()}/lessons/${ids[lessonKey]}`, body);
const detailOf = async (id: number): Promise<AbsenceDetail> =>
  absenceDetailSchema.parse(
    (await call(app, tokens.zavuch, 'GET', `/api/substitutions/absences/${id}`)).json().data,
  );
const detailNow = () => detailOf(absenceId);
const lessonOf = (detail: AbsenceDetail, lessonId: number): CoverLesson =>
  detail.days.flatMap((day) => day.lessons).find((item) => item.lesson.id === lessonId)!;
const coverOf = (detail: AbsenceDetail, lessonKey: string): CoverLesson => lessonOf(detail, ids[lessonKey]);

/** A teacher of the test school with the absent teacher's password; returns the id. */
async function addTeacher(login: string, surname: string, name: string, patronymic: string) {
  const [template] = await db.select().from(users).where(eq(users.id, ids.absent));
  const [created] = await db
    .insert(users)
    .values({
      organizationId: ids.org,
      surname,
      name,
      patronymic,
      login,
      passwordHash: template.passwordHash,
    })
    .returning();
  return created.id;
}

/** The завуч marks `teacherId` absent for the whole of `day` (болезнь); returns the absence's id. */
async function absentOn(teacherId: number, day: string): Promise<number> {
  const created = await call(app, tokens.zavuch, 'POST', '/api/substitutions/absences', {
    teacher_id: teacherId,
    from: day,
    to: day,
    reason: 'illness',
  });
  return created.json().data.absence.id;
}

/** Until the real queue has run every notice job given to it (the lessons' and the composed ones). */
async function queueDrained() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [{ count }] = await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from pgboss.job
          where name in (${LESSON_CHANGE_JOB}, ${NOTICE_JOB}) and state in ('created', 'retry', 'active')`,
    );
    if (count === 0) return;
    if (Date.now() > deadline) throw new Error(`${count} notice jobs still queued`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every notification of the users, by id, with when it last changed. */
async function noticesOf(userIds: number[]) {
  const rows = await db.select().from(notifications).where(inArray(notifications.userId, userIds));
  return new Map(rows.map((row) => [row.id, row]));
}

describe('absences', () => {
  it('refuses bad input with Russian field messages', async () => {
    const post = (body: object) =>
      call(app, tokens.zavuch, 'POST', '/api/substitutions/absences', {
        teacher_id: ids.absent,
        from: today,
        to: today,
        reason: 'illness',
        ...body,
      });
    const reversed = await post({ from: tomorrow, to: yesterday });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ to: ['Конец не может быть раньше начала'] });
    expect((await post({ reason: 'отпуск' })).json().errors).toEqual({ reason: ['Выберите причину'] });
    expect((await post({ from_lesson: 13 })).json().errors).toEqual({
      from_lesson: ['Номер урока от 1 до 12'],
    });
  });

  it('marks a teacher absent and lists every lesson of theirs in the range by day, open until decided', async () => {
    const created = await call(app, tokens.zavuch, 'POST', '/api/substitutions/absences', {
      teacher_id: ids.absent,
      from: yesterday,
      to: afterTomorrow,
      reason: 'illness',
      comment: 'Больничный лист, ОРВИ',
    });
    expect(created.statusCode).toBe(201);
    const detail = absenceDetailSchema.parse(created.json().data);
    absenceId = detail.absence.id;
    expect(detail.days.map((day) => day.date)).toEqual([yesterday, today, tomorrow, afterTomorrow]);
    expect(detail.days.find((day) => day.date === tomorrow)!.lessons.map((item) => item.lesson.id)).toEqual([
      ids.d2,
      ids.d4,
      ids.d5,
    ]);
    expect(coverOf(detail, 'd2').state).toBe('open');
    expect(coverOf(detail, 'y3').state).toBe('replaced');
    expect(coverOf(detail, 'y2').started).toBe(true);
    expect(detail.absence).toMatchObject({ lessons_count: 7, open_count: 6, reason: 'illness' });
    // Отсутствова is away tomorrow too.
    const other = await call(app, tokens.zavuch, 'POST', '/api/substitutions/absences', {
      teacher_id: ids.away,
      from: tomorrow,
      to: tomorrow,
      reason: 'courses',
    });
    expect(other.statusCode).toBe(201);
    const twice = await call(app, tokens.zavuch, 'POST', '/api/substitutions/absences', {
      teacher_id: ids.away,
      from: tomorrow,
      to: afterTomorrow,
      reason: 'trip',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('counts the first day from the given lesson on, and removes an absence entered by mistake', async () => {
    const created = await call(app, tokens.zavuch, 'POST', '/api/substitutions/absences', {
      teacher_id: ids.spec,
      from: tomorrow,
      to: tomorrow,
      from_lesson: 3,
      reason: 'other',
    });
    const detail = absenceDetailSchema.parse(created.json().data);
    expect(detail.days.flatMap((day) => day.lessons.map((item) => item.lesson.id))).toEqual([ids.spec3]);
    const url = `/api/substitutions/absences/${detail.absence.id}`;
    expect((await call(app, tokens.spec, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(app, tokens.zavuch, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(app, tokens.zavuch, 'GET', url)).statusCode).toBe(404);
  });

  it('lets a teacher read but not change; a pupil neither; another school sees nothing', async () => {
    expect((await call(app, tokens.spec, 'GET', absenceUrl())).statusCode).toBe(200);
    expect(
      (
        await call(app, tokens.spec, 'POST', '/api/substitutions/absences', {
          teacher_id: ids.absent,
          from: today,
          to: today,
          reason: 'other',
        })
      ).statusCode,
    ).toBe(403);
    expect((await decide('d2', { action: 'cancel' }, tokens.spec)).statusCode).toBe(403);
    expect((await call(app, tokens.spec, 'POST', `${absenceUrl()}/distribute`)).statusCode).toBe(403);
    expect((await call(app, tokens.student, 'GET', absenceUrl())).statusCode).toBe(403);
    expect((await call(app, tokens.demoZavuch, 'GET', absenceUrl())).statusCode).toBe(404);
    expect((await decide('d2', { action: 'cancel' }, tokens.demoZavuch)).statusCode).toBe(404);
    expect((await call(app, tokens.demoZavuch, 'POST', `${absenceUrl()}/distribute`)).statusCode).toBe(404);
    expect((await call(app, tokens.demoZavuch, 'DELETE', absenceUrl())).statusCode).toBe(404);
    const list = await call(
      app,
      tokens.demoZavuch,
      'GET',
      `/api/substitutions/absences?from=${yesterday}&to=${afterTomorrow}`,
    );
    expect(list.json().data.some((item: { id: number }) => item.id === absenceId)).toBe(false);
    const foreign = await call(app, tokens.demoZavuch, 'POST', '/api/substitutions/absences', {
      teacher_id: ids.absent,
      from: today,
      to: today,
      reason: 'other',
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a sick note is private (152-ФЗ)', () => {
  const listOf = async (token: string) =>
    (
      await call(app, token, 'GET', `/api/substitutions/absences?from=${yesterday}&to=${afterTomorrow}`)
    ).json().data as { id: number; reason: string | null; comment: string | null }[];

  it('gives the reason and comment to the director, the завуч and the absent teacher only', async () => {
    for (const key of ['director', 'zavuch', 'absent']) {
      const detail = await call(app, tokens[key], 'GET', absenceUrl());
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data.absence).toMatchObject({
        reason: 'illness',
        comment: 'Больничный лист, ОРВИ',
      });
      expect((await listOf(tokens[key])).find((item) => item.id === absenceId)).toMatchObject({
        reason: 'illness',
        comment: 'Больничный лист, ОРВИ',
      });
    }
    // A colleague sees that the lessons are covered and by whom, not why the teacher is away.
    const colleague = await call(app, tokens.spec, 'GET', absenceUrl());
    expect(colleague.statusCode).toBe(200);
    const seen = absenceDetailSchema.parse(colleague.json().data);
    expect(seen.absence).toMatchObject({ teacher_id: ids.absent, reason: null, comment: null });
    expect(seen.days.length).toBeGreaterThan(0);
    expect(JSON.stringify(colleague.json())).not.toContain('ОРВИ');
    const listed = await listOf(tokens.spec);
    expect(listed.find((item) => item.id === absenceId)).toMatchObject({ reason: null, comment: null });
    expect(listed.every((item) => item.reason === null && item.comment === null)).toBe(true);
    // Another school: nothing at all.
    expect((await call(app, tokens.demoZavuch, 'GET', absenceUrl())).statusCode).toBe(404);
    expect((await listOf(tokens.demoZavuch)).some((item) => item.id === absenceId)).toBe(false);
  });
});

describe('ranking', () => {
  it('offers only free teachers who are not away, a free specialist first, fewer substitutions higher', async () => {
    const candidates = coverOf(await detailNow(), 'd2').candidates;
    const order = candidates.map((candidate) => candidate.teacher_id);
    expect(order).not.toContain(ids.absent);
    expect(order).not.toContain(ids.busy); // teaches 8А at that hour
    expect(order).not.toContain(ids.away); // away herself
    expect(order.indexOf(ids.spec)).toBe(0);
    // Both specialists fill a gap; the one without substitutions this month first.
    expect(order.indexOf(ids.spec)).toBeLessThan(order.indexOf(ids.many));
    // A free specialist above a free non-specialist (who even works in 5А).
    expect(order.indexOf(ids.many)).toBeLessThan(order.indexOf(ids.nonspec));
    expect(order.indexOf(ids.nonspec)).toBeLessThan(order.indexOf(ids.free));
    const spec = candidates[0];
    expect(spec.specialty).toBe(true);
    expect(spec.reasons).toEqual(expect.arrayContaining(['ведёт этот предмет', 'заполнит окно']));
    expect(candidates.find((c) => c.teacher_id === ids.many)!.reasons).toContain('2 замены в этом месяце');
    expect(candidates.find((c) => c.teacher_id === ids.nonspec)!.reasons).toContain(
      'не по специальности, работает в 5А',
    );
    expect(candidates.find((c) => c.teacher_id === ids.free)!.reasons).toContain('в этот день уроков нет');
  });

  it('keeps a teacher at the weekly maximum off the list', async () => {
    // The director's setting (the завуч has no organization.settings).
    const director = await loginAs(app, 'subst_director');
    await call(app, director, 'PUT', '/api/organizations/settings', [
      { key: 'max_teacher_lessons_per_week', value: '2' },
    ]);
    const order = coverOf(await detailNow(), 'd2').candidates.map((c) => c.teacher_id);
    // Специалистова gives 2 lessons that week: a third would pass the maximum; Свободнова gives none.
    expect(order).not.toContain(ids.spec);
    expect(order).toContain(ids.free);
    const restored = await call(app, director, 'PUT', '/api/organizations/settings', [
      { key: 'max_teacher_lessons_per_week', value: '36' },
    ]);
    expect(restored.statusCode).toBe(200);
  });
});

describe('decisions', () => {
  it('refuses a substitute who teaches then, who is away, the absent teacher, and a lesson with marks', async () => {
    const busy = await decide('d2', { action: 'assign', teacher_id: ids.busy });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Этот учитель уже ведёт урок в это время');
    const away = await decide('d2', { action: 'assign', teacher_id: ids.away });
    expect(away.statusCode).toBe(409);
    expect(away.json().message).toBe('Этот учитель сам отсутствует в это время');
    const self = await decide('d2', { action: 'assign', teacher_id: ids.absent });
    expect(self.statusCode).toBe(422);
    expect((await decide('d2', { action: 'assign' })).json().errors).toEqual({
      teacher_id: ['Выберите учителя на замену'],
    });
    const [mark] = await db
      .insert(marks)
      .values({
        organizationId: ids.org,
        schoolYear: yearOfLesson(ids.d5),
        lessonId: ids.d5,
        studentId: ids.pupil,
        value: '5',
        createdBy: ids.absent,
      })
      .returning();
    const marked = await decide('d5', { action: 'assign', teacher_id: ids.spec });
    expect(marked.statusCode).toBe(409);
    expect(marked.json().message).toBe('По уроку уже выставлены оценки другим учителем: замену не назначить');
    await db.delete(marks).where(eq(marks.id, mark.id));
  });

  it('assigns, changes and undoes a choice before the lesson starts', async () => {
    const first = await decide('d2', { action: 'assign', teacher_id: ids.nonspec });
    expect(first.statusCode).toBe(200);
    expect(coverLessonSchema.parse(first.json().data)).toMatchObject({
      state: 'replaced',
      lesson: { teacher_id: ids.nonspec, original_teacher_id: ids.absent, status: 'replaced' },
    });
    const changed = await decide('d2', { action: 'assign', teacher_id: ids.spec });
    expect(changed.json().data.lesson).toMatchObject({
      teacher_id: ids.spec,
      original_teacher_id: ids.absent,
    });
    const undone = await decide('d2', { action: 'undo' });
    expect(undone.json().data).toMatchObject({
      state: 'open',
      lesson: { teacher_id: ids.absent, status: 'scheduled' },
    });
    const cancelled = await decide('e1', { action: 'cancel' });
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', lesson: { status: 'cancelled' } });
  });

  it('refuses to change a lesson that has started, with the reason', async () => {
    const assign = await decide('y2', { action: 'assign', teacher_id: ids.spec });
    expect(assign.statusCode).toBe(409);
    expect(assign.json().message).toBe('Урок уже начался: решение по нему осталось в истории и не меняется');
    expect((await decide('y3', { action: 'undo' })).statusCode).toBe(409);
    const [row] = await db.select().from(lessons).where(eq(lessons.id, ids.y3));
    expect(row.teacherId).toBe(ids.spec);
  });

  it('gives the journal of the lesson to the substitute, not to the absent teacher', async () => {
    expect((await decide('t7', { action: 'assign', teacher_id: ids.nonspec })).statusCode).toBe(200);
    const cell = `/api/journal/lessons/${ids.t7}/students/${ids.pupil}`;
    const byAbsent = await call(app, tokens.absent, 'PUT', cell, {
      grades: [{ value: 3 }],
      attendance: null,
      version: 0,
    });
    expect(byAbsent.statusCode).toBe(403);
    const bySubstitute = await call(app, tokens.nonspec, 'PUT', cell, {
      grades: [{ value: 5 }],
      attendance: null,
      version: 0,
    });
    expect(bySubstitute.statusCode).toBe(200);
    // The substitute sees it among their lessons of today.
    const todays = await call(app, tokens.nonspec, 'GET', `/api/lessons/today?date=${today}`);
    expect(todays.json().data.lessons.map((lesson: { id: number }) => lesson.id)).toContain(ids.t7);
    // Once marked by the substitute, the decision is no longer undone.
    expect((await decide('t7', { action: 'undo' })).statusCode).toBe(409);
  });
});

describe('«Распределить всё»', () => {
  it('covers the sick day: every open lesson a substitute, nobody in two places, nobody over their share', async () => {
    const before = await detailNow();
    const open = before.days
      .flatMap((day) => day.lessons)
      .filter((item) => item.state === 'open' && !item.started);
    const everyone = new Set(open.flatMap((item) => item.candidates.map((c) => c.teacher_id)));
    const share = Math.ceil(open.length / everyone.size);
    const staff = Object.values(ids);
    await queueDrained();
    const noticesBefore = await noticesOf(staff);
    const response = await call(app, tokens.zavuch, 'POST', `${absenceUrl()}/distribute`);
    expect(response.statusCode).toBe(200);
    const result = distributeResultSchema.parse(response.json().data);
    expect(result).toMatchObject({ assigned: open.length, left_open: 0 });
    const covered = open.map((item) =>
      coverOf(result.detail, Object.keys(ids).find((k) => ids[k] === item.lesson.id)!),
    );
    expect(covered.every((item) => item.state === 'replaced')).toBe(true);
    const perTeacher = new Map<number, number>();
    for (const item of covered)
      perTeacher.set(item.lesson.teacher_id!, (perTeacher.get(item.lesson.teacher_id!) ?? 0) + 1);
    expect(Math.max(...perTeacher.values())).toBeLessThanOrEqual(share);
    // Nobody in two places: every lesson of the school that day, one teacher per date and number.
    const rows = await db
      .select()
      .from(lessons)
      .where(and(eq(lessons.organizationId, ids.org), eq(lessons.date, tomorrow)));
    const seen = new Set<string>();
    for (const row of rows.filter((lesson) => lesson.status !== 'cancelled')) {
      const key = `${row.teacherId}|${row.lessonNumber}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    for (const item of covered) expect([ids.absent, ids.away]).not.toContain(item.lesson.teacher_id);

    // Each substitute hears once of the distribution, every lesson of theirs listed: not once a lesson.
    await queueDrained();
    const noticesAfter = await noticesOf(staff);
    const fresh = [...noticesAfter.values()].filter(
      (row) => noticesBefore.get(row.id)?.updatedAt.getTime() !== row.updatedAt.getTime(),
    );
    expect(perTeacher.size).toBeGreaterThan(0);
    for (const [teacherId, count] of perTeacher) {
      const theirs = fresh.filter((row) => row.userId === teacherId);
      expect(theirs.map((row) => row.dedupeKey)).toEqual([`absence:${absenceId}:substitute:${teacherId}`]);
      const all = result.detail.days
        .flatMap((day) => day.lessons)
        .filter((item) => item.state === 'replaced' && item.lesson.teacher_id === teacherId);
      expect(all.length).toBeGreaterThanOrEqual(count);
      expect(theirs[0].title).toMatch(/^Замены вместо Алгебраева А\. ?П\.: \d+ урок/);
      expect(theirs[0].body.split('\n')).toHaveLength(all.length);
      expect(theirs[0].link).toMatch(/^\/journal\/\d+\/\d+\?date=/);
    }
    // Nobody else among the staff but the absent teacher (her summary) heard of it.
    expect(new Set(fresh.map((row) => row.userId))).toEqual(new Set([...perTeacher.keys(), ids.absent]));
  });
});

describe('the absent teacher is told', () => {
  /** The absent teacher's notices of this absence, once the real queue's worker has written them. */
  async function summaries(until: (rows: (typeof notifications.$inferSelect)[]) => boolean) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const rows = await db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, ids.absent), eq(notifications.dedupeKey, `absence:${absenceId}`)),
        );
      if (until(rows) || Date.now() > deadline) return rows;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('one summary of who takes each lesson, which the next decision updates in place', async () => {
    const all = (await detailNow()).days.flatMap((day) => day.lessons);
    const replaced = all.filter((item) => item.state === 'replaced').length;
    // Each decision before this one updated the same notice; the worker has written the latest.
    const [summary, ...more] = await summaries((rows) =>
      Boolean(rows[0]?.title.includes(`заменено ${replaced} из`)),
    );
    expect(more).toEqual([]);
    expect(summary.title).toContain(`заменено ${replaced} из ${all.length}`);
    expect(summary.category).toBe('timetable');
    // A line per lesson, the substitute named.
    expect(summary.body.split('\n')).toHaveLength(all.length);
    expect(summary.body).toMatch(/\d+-й урок, .+: ведёт /);

    const takenBy = all.find((item) => item.lesson.id === ids.d2)?.lesson.teacher_id;
    const undone = await decide('d2', { action: 'undo' });
    expect(undone.statusCode).toBe(200);
    const after = await summaries((rows) => rows[0]?.title.includes(`заменено ${replaced - 1} из`));
    expect(after.map((row) => row.id)).toEqual([summary.id]);
    expect(after[0].body).toContain('пока без замены');
    // As «Распределить всё» left it, for the month's report below.
    expect((await decide('d2', { action: 'assign', teacher_id: takenBy })).statusCode).toBe(200);
  });
});

describe('«Замещения за месяц»', () => {
  it('sums per substitute and per absent teacher, and downloads as .xlsx', async () => {
    const response = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/substitutions/report?from=${yesterday}&to=${afterTomorrow}`,
    );
    expect(response.statusCode).toBe(200);
    const report = substitutionReportSchema.parse(response.json().data);
    const replaced = (
      await db
        .select()
        .from(lessons)
        .where(and(eq(lessons.organizationId, ids.org), eq(lessons.status, 'replaced')))
    ).length;
    expect(report.totals.substituted_hours + report.totals.planned_substituted_hours).toBe(replaced);
    expect(report.substitutes.reduce((sum, entry) => sum + entry.hours + entry.planned_hours, 0)).toBe(
      replaced,
    );
    expect(report.substitutes.reduce((sum, entry) => sum + entry.lessons.length, 0)).toBe(replaced);
    const absent = report.absent.find((entry) => entry.teacher_id === ids.absent)!;
    // 6 replaced (y3, t7, d2, d4, d5 and the started y2 stays hers: not missed) + e1 cancelled.
    expect(absent.lessons.filter((lesson) => lesson.status === 'cancelled')).toHaveLength(1);
    expect(absent.hours + absent.planned_hours).toBe(6);
    // and Прошлова's two
    expect(report.totals.missed_hours + report.totals.planned_missed_hours).toBe(6 + 2);
    const many = report.substitutes.find((entry) => entry.teacher_id === ids.many)!;
    expect(many.specialty_hours).toBe(many.hours);
    const nonspec = report.substitutes.find((entry) => entry.teacher_id === ids.nonspec);
    if (nonspec) expect(nonspec.specialty_hours).toBe(0);

    const file = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/substitutions/report?from=${yesterday}&to=${afterTomorrow}&format=xlsx`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(
      (await call(app, tokens.spec, 'GET', `/api/substitutions/report?from=${today}&to=${today}`)).statusCode,
    ).toBe(403);
  });
});

describe('«Замещения за месяц» pays for lessons held', () => {
  afterEach(() => setSchoolClock(null));

  /** The report of the test's days with the school clock at `instant`. */
  async function reportAt(instant: string) {
    setSchoolClock(instant);
    const response = await call(
      app,
      tokens.zavuch,
      'GET',
      `/api/substitutions/report?from=${yesterday}&to=${afterTomorrow}`,
    );
    expect(response.statusCode).toBe(200);
    return substitutionReportSchema.parse(response.json().data);
  }
  const takerOf = async (lessonKey: string) =>
    (await db.select().from(lessons).where(eq(lessons.id, ids[lessonKey])))[0];

  it("counts tomorrow's substitutions apart as planned, and as hours once the lesson is over", async () => {
    const d2 = await takerOf('d2');
    expect(d2.status).toBe('replaced');
    const substitute = d2.teacherId!;
    const replaced = await db
      .select()
      .from(lessons)
      .where(and(eq(lessons.organizationId, ids.org), eq(lessons.status, 'replaced')));
    const held = (day: string, time: string) =>
      replaced.filter((row) => row.date < day || (row.date === day && (row.endTime ?? '24:00') <= time));

    // Midday today: yesterday's substitutions are paid, today's evening one and tomorrow's are planned.
    const noon = await reportAt(`${today}T12:00:00+03:00`);
    expect(noon.totals.substituted_hours).toBe(held(today, '12:00').length);
    expect(noon.totals.planned_substituted_hours).toBe(replaced.length - held(today, '12:00').length);
    expect(noon.totals.planned_substituted_hours).toBeGreaterThan(0);
    const before = noon.substitutes.find((entry) => entry.teacher_id === substitute)!;
    const lessonBefore = before.lessons.find((lesson) => lesson.lesson_id === ids.d2)!;
    expect(lessonBefore.held).toBe(false);
    expect(before.hours).toBe(before.lessons.filter((lesson) => lesson.held).length);
    expect(before.planned_hours).toBe(before.lessons.filter((lesson) => !lesson.held).length);
    const absentNoon = noon.absent.find((entry) => entry.teacher_id === ids.absent)!;
    // e1 (the day after tomorrow) is cancelled: planned, not yet a cancelled hour.
    expect(absentNoon.cancelled_hours).toBe(0);
    expect(absentNoon.hours).toBe(absentNoon.lessons.filter((lesson) => lesson.held).length);

    // Tomorrow at 10:30: d2 (09:30–10:15) has been given; d4 and d5 are still to come.
    const later = await reportAt(`${tomorrow}T10:30:00+03:00`);
    expect(later.totals.substituted_hours).toBe(held(tomorrow, '10:30').length);
    const after = later.substitutes.find((entry) => entry.teacher_id === substitute)!;
    expect(after.lessons.find((lesson) => lesson.lesson_id === ids.d2)!.held).toBe(true);
    expect(after.hours).toBe(before.hours + 1);
    expect(after.planned_hours).toBe(before.planned_hours - 1);

    // After the whole absence: everything held, nothing planned; e1's cancellation counts.
    const done = await reportAt(`${addDays(afterTomorrow, 1)}T10:00:00+03:00`);
    expect(done.totals.substituted_hours).toBe(replaced.length);
    expect(done.totals.planned_substituted_hours).toBe(0);
    expect(done.absent.find((entry) => entry.teacher_id === ids.absent)!.cancelled_hours).toBe(1);
  });
});

describe('«Объединить» and «Перенести»', () => {
  // Another day, another sick teacher: Слияниева's 2nd lesson in 5А; 5Б has mathematics then with
  // Параллелева (who also has 5А's 5th lesson), 5А has history at the 4th with Историкова.
  const day = addDays(today, 3);
  const more: Record<string, number> = {};
  let moveAbsence: number;
  const decideOn = (lessonKey: string, body: object, token = tokens.zavuch) =>
    call(app, token, 'PUT', `/api/substitutions/absences/${moveAbsence}/lessons/${more[lessonKey]}`, body);
  const coverNow = async (lessonKey: string) => lessonOf(await detailOf(moveAbsence), more[lessonKey]);
  const row = async (key: string) => (await db.select().from(lessons).where(eq(lessons.id, more[key])))[0];

  beforeAll(async () => {
    const teacher = async (key: string, surname: string) => {
      more[key] = await addTeacher(`subst_${key}`, surname, 'Ольга', 'Ивановна');
    };
    await teacher('sick', 'Слияниева');
    await teacher('par', 'Параллелева');
    await teacher('hist', 'Историкова');
    const [b] = await db
      .insert(classes)
      .values({ organizationId: ids.org, number: 5, letter: 'Б', academicYear: '2026/2027' })
      .returning();
    const [history] = await db
      .insert(subjects)
      .values({ organizationId: ids.org, name: 'История' })
      .returning();
    const [physics] = await db.insert(subjects).values({ organizationId: ids.org, name: 'ИЗО' }).returning();
    const lesson = async (key: string, classId: number, subjectId: number, teacherId: number, n: number) => {
      await db
        .insert(loads)
        .values({ organizationId: ids.org, classId, subjectId, teacherId, hoursPerWeek: 2 })
        .onConflictDoNothing();
      const [created] = await db
        .insert(lessons)
        .values({
          organizationId: ids.org,
          classId,
          subjectId,
          teacherId,
          date: day,
          lessonNumber: n,
          startTime: `${String(7 + n).padStart(2, '0')}:30`,
          endTime: `${String(8 + n).padStart(2, '0')}:15`,
        })
        .returning();
      more[key] = created.id;
    };
    await lesson('m2', ids.c5, ids.math, more.sick, 2);
    await lesson('b2', b.id, ids.math, more.par, 2);
    await lesson('h4', ids.c5, history.id, more.hist, 4);
    await lesson('p5', ids.c5, physics.id, more.par, 5);
    moveAbsence = await absentOn(more.sick, day);
  });

  it("offers the parallel class's lesson and the later lessons of the class whose teacher is free then", async () => {
    const item = await coverNow('m2');
    expect(item.merge_options).toEqual([
      expect.objectContaining({
        lesson_id: more.b2,
        group_name: '5Б',
        teacher_id: more.par,
        fits: null,
        room_note: 'кабинет не проверен: у учителя нет своего кабинета',
      }),
    ]);
    // Параллелева's 5th lesson is not offered: she teaches 5Б at the 2nd.
    expect(item.move_options.map((option) => option.lesson_id)).toEqual([more.h4]);
    expect(item.move_options[0]).toMatchObject({ lesson_number: 4, subject_name: 'История' });
  });

  it('refuses a merge without a lesson, with a lesson not parallel, into a room too small; by role and school', async () => {
    expect((await decideOn('m2', { action: 'merge' })).json().errors).toEqual({
      lesson_id: ['Выберите урок для объединения'],
    });
    expect((await decideOn('m2', { action: 'move' })).json().errors).toEqual({
      lesson_id: ['Выберите урок для переноса'],
    });
    const notParallel = await decideOn('m2', { action: 'merge', lesson_id: more.h4 });
    expect(notParallel.statusCode).toBe(422);
    expect(notParallel.json().errors.lesson_id).toEqual([
      'Объединить можно только с уроком того же предмета параллельного класса в то же время',
    ]);
    const [room] = await db
      .insert(rooms)
      .values({ organizationId: ids.org, name: '12', capacity: 0, teacherId: more.par })
      .returning();
    const small = await decideOn('m2', { action: 'merge', lesson_id: more.b2 });
    expect(small.statusCode).toBe(409);
    expect(small.json().message).toBe(
      'Оба класса не поместятся: каб. 12: 0 мест на 1 ученика — не поместятся',
    );
    await db.update(rooms).set({ capacity: 30 }).where(eq(rooms.id, room.id));
    expect((await coverNow('m2')).merge_options[0]).toMatchObject({
      fits: true,
      room_note: 'каб. 12: 30 мест на 1 ученика',
    });
    expect((await decideOn('m2', { action: 'merge', lesson_id: more.b2 }, tokens.spec)).statusCode).toBe(403);
    expect(
      (await decideOn('m2', { action: 'merge', lesson_id: more.b2 }, tokens.demoZavuch)).statusCode,
    ).toBe(404);
    // A lesson that has started is history for a merge and a move as well.
    const started = await decide('y2', { action: 'move', lesson_id: more.h4 });
    expect(started.statusCode).toBe(409);
  });

  it("merges: the parallel class's teacher takes both, shown as such, undone before the start", async () => {
    const merged = await decideOn('m2', { action: 'merge', lesson_id: more.b2 });
    expect(merged.statusCode).toBe(200);
    expect(coverLessonSchema.parse(merged.json().data)).toMatchObject({
      state: 'replaced',
      merged_with: '5Б',
      lesson: { teacher_id: more.par, original_teacher_id: more.sick, status: 'replaced' },
    });
    expect((await row('b2')).teacherId).toBe(more.par);
    // The merged lesson is hers among her lessons of the day, beside her own.
    const [mergedRow, own] = [await row('m2'), await row('b2')];
    expect([mergedRow.lessonNumber, own.lessonNumber]).toEqual([2, 2]);
    const undone = await decideOn('m2', { action: 'undo' });
    expect(undone.json().data).toMatchObject({
      state: 'open',
      merged_with: null,
      lesson: { teacher_id: more.sick, status: 'scheduled' },
    });
  });

  it('moves: swaps with a later lesson as two one-off changes; a busy teacher refused; undone as one', async () => {
    const busy = await decideOn('m2', { action: 'move', lesson_id: more.p5 });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Учитель второго урока в это время ведёт другой урок');
    const earlier = await decideOn('h4', { action: 'move', lesson_id: more.m2 });
    expect(earlier.statusCode).toBe(404); // История is not the absent teacher's lesson
    const moved = await decideOn('m2', { action: 'move', lesson_id: more.h4 });
    expect(moved.statusCode).toBe(200);
    expect(coverLessonSchema.parse(moved.json().data)).toMatchObject({
      state: 'open',
      moved: { from_lesson_number: 2, with_subject_name: 'История' },
      lesson: { lesson_number: 4, status: 'moved', start_time: '11:30' },
    });
    expect(await row('h4')).toMatchObject({ lessonNumber: 2, status: 'moved', startTime: '09:30:00' });
    // Moved to the 4th, it still needs a decision: the class goes home early.
    const cancelled = await decideOn('m2', { action: 'cancel' });
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', lesson: { lesson_number: 4 } });
    const twice = await decideOn('m2', { action: 'move', lesson_id: more.p5 });
    expect(twice.statusCode).toBe(409);
    const undone = await decideOn('m2', { action: 'undo' });
    expect(undone.json().data).toMatchObject({
      state: 'open',
      moved: null,
      lesson: { lesson_number: 2, status: 'scheduled', teacher_id: more.sick },
    });
    expect(await row('h4')).toMatchObject({ lessonNumber: 4, status: 'scheduled', swappedWithId: null });
  });

  it('changes a decided lesson to a merge or a move in one step; a refused change leaves the decision', async () => {
    expect((await decideOn('m2', { action: 'assign', teacher_id: ids.free })).statusCode).toBe(200);
    const decided = await coverNow('m2');
    expect(decided.state).toBe('replaced');
    expect(decided.merge_options.map((option) => option.lesson_id)).toEqual([more.b2]);
    expect(decided.move_options.map((option) => option.lesson_id)).toEqual([more.h4]);
    // Not by a teacher, nor by another school's завуч.
    expect((await decideOn('m2', { action: 'move', lesson_id: more.h4 }, tokens.spec)).statusCode).toBe(403);
    expect((await decideOn('m2', { action: 'move', lesson_id: more.h4 }, tokens.demoZavuch)).statusCode).toBe(
      404,
    );
    const merged = await decideOn('m2', { action: 'merge', lesson_id: more.b2 });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data).toMatchObject({
      state: 'replaced',
      merged_with: '5Б',
      lesson: { teacher_id: more.par, original_teacher_id: more.sick },
    });
    // Merged already with 5Б: that is no change to offer.
    expect((await coverNow('m2')).merge_options).toEqual([]);
    const moved = await decideOn('m2', { action: 'move', lesson_id: more.h4 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      state: 'open',
      merged_with: null,
      moved: { from_lesson_number: 2, with_subject_name: 'История' },
      lesson: { lesson_number: 4, teacher_id: more.sick, status: 'moved' },
    });
    // From a cancellation to a merge: the swap goes back, then both classes go to Параллелева.
    expect((await decideOn('m2', { action: 'cancel' })).statusCode).toBe(200);
    const fromCancelled = await decideOn('m2', { action: 'merge', lesson_id: more.b2 });
    expect(fromCancelled.json().data).toMatchObject({
      state: 'replaced',
      moved: null,
      lesson: { lesson_number: 2, teacher_id: more.par },
    });
    expect(await row('h4')).toMatchObject({ lessonNumber: 4, status: 'scheduled', swappedWithId: null });
    // A change the new decision refuses (Параллелева teaches 5Б at the 2nd) keeps the old one whole.
    expect((await decideOn('m2', { action: 'assign', teacher_id: ids.free })).statusCode).toBe(200);
    const refused = await decideOn('m2', { action: 'move', lesson_id: more.p5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Учитель второго урока в это время ведёт другой урок');
    expect(await row('m2')).toMatchObject({ lessonNumber: 2, status: 'replaced', teacherId: ids.free });
    // Once the substitute has given marks, the decision is theirs: neither merged nor moved.
    const [mark] = await db
      .insert(marks)
      .values({
        organizationId: ids.org,
        schoolYear: yearOfLesson(more.m2),
        lessonId: more.m2,
        studentId: ids.pupil,
        value: '4',
        createdBy: ids.free,
      })
      .returning();
    const marked = await decideOn('m2', { action: 'move', lesson_id: more.h4 });
    expect(marked.statusCode).toBe(409);
    expect(marked.json().message).toBe('Заменяющий учитель уже выставил оценки: замену не отменить');
    await db.delete(marks).where(eq(marks.id, mark.id));
    expect((await decideOn('m2', { action: 'undo' })).json().data).toMatchObject({ state: 'open' });
  });

  it('puts a move back when the absence is removed', async () => {
    expect((await decideOn('m2', { action: 'move', lesson_id: more.h4 })).statusCode).toBe(200);
    const url = `/api/substitutions/absences/${moveAbsence}`;
    expect((await call(app, tokens.zavuch, 'DELETE', url)).statusCode).toBe(204);
    expect(await row('m2')).toMatchObject({ lessonNumber: 2, status: 'scheduled', swappedWithId: null });
    expect(await row('h4')).toMatchObject({ lessonNumber: 4, status: 'scheduled' });
  });
});

describe('rooms of the timetable template', () => {
  // Another day: Кабинетова's 2nd lesson in 5А (каб. 31); 5В has mathematics then with Соседова in
  // каб. 21; 5А has history at the 4th with Хронова in каб. 40, which 7В holds at the 2nd.
  const day = addDays(today, 4);
  const my: Record<string, number> = {};
  let absence: number;
  const decideOn = (lessonKey: string, body: object) =>
    call(app, tokens.zavuch, 'PUT', `/api/substitutions/absences/${absence}/lessons/${my[lessonKey]}`, body);
  const coverNow = async () => lessonOf(await detailOf(absence), my.a2);

  beforeAll(async () => {
    const teacher = async (key: string, surname: string) => {
      my[key] = await addTeacher(`subst_room_${key}`, surname, 'Ирина', 'Львовна');
    };
    await teacher('sick', 'Кабинетова');
    await teacher('par', 'Соседова');
    await teacher('hist', 'Хронова');
    await teacher('phys', 'Опытова');
    const group = async (number: number, letter: string) =>
      (
        await db
          .insert(classes)
          .values({ organizationId: ids.org, number, letter, academicYear: '2026/2027' })
          .returning()
      )[0].id;
    const c5v = await group(5, 'В');
    const c6v = await group(6, 'В');
    const c7v = await group(7, 'В');
    const subject = async (name: string) =>
      (await db.insert(subjects).values({ organizationId: ids.org, name }).returning())[0].id;
    const history = await subject('История России');
    const physics = await subject('Астрономия');
    const [tpl] = await db
      .insert(timetableTemplates)
      .values({ organizationId: ids.org, name: 'С кабинетами', academicYear: '2026/2027' })
      .returning();
    const [built] = await db
      .insert(timetables)
      .values({ organizationId: ids.org, templateId: tpl.id, startDate: day, endDate: day })
      .returning();
    const lesson = async (
      key: string,
      classId: number,
      subjectId: number,
      teacherId: number,
      n: number,
      room: string,
    ) => {
      const [line] = await db
        .insert(loads)
        .values({ organizationId: ids.org, classId, subjectId, teacherId, hoursPerWeek: 2 })
        .returning();
      await db.insert(timetableSlots).values({
        organizationId: ids.org,
        templateId: tpl.id,
        loadId: line.id,
        classId,
        weekday: isoWeekday(day),
        lessonNumber: n,
        room,
      });
      const [created] = await db
        .insert(lessons)
        .values({
          organizationId: ids.org,
          timetableId: built.id,
          loadId: line.id,
          classId,
          subjectId,
          teacherId,
          date: day,
          lessonNumber: n,
          startTime: `${String(7 + n).padStart(2, '0')}:30`,
          endTime: `${String(8 + n).padStart(2, '0')}:15`,
        })
        .returning();
      my[key] = created.id;
    };
    await lesson('a2', ids.c5, ids.math, my.sick, 2, '31');
    await lesson('v2', c5v, ids.math, my.par, 2, '21');
    await lesson('h4', ids.c5, history, my.hist, 4, '40');
    await lesson('w2', c7v, physics, my.phys, 2, '40');
    my.c6v = c6v;
    my.physics = physics;
    my.tpl = tpl.id;
    my.built = built.id;
    await db.insert(rooms).values({ organizationId: ids.org, name: '21', capacity: 0 });
    absence = await absentOn(my.sick, day);
  });

  it("checks a merge against the parallel lesson's own room: its capacity, and whether it is taken", async () => {
    // Соседова has no room of her own: the template's каб. 21 is where 5В has mathematics.
    expect((await coverNow()).merge_options).toEqual([
      expect.objectContaining({
        lesson_id: my.v2,
        fits: false,
        room_note: 'каб. 21: 0 мест на 1 ученика — не поместятся',
      }),
    ]);
    const small = await decideOn('a2', { action: 'merge', lesson_id: my.v2 });
    expect(small.statusCode).toBe(409);
    expect(small.json().message).toBe(
      'Оба класса не поместятся: каб. 21: 0 мест на 1 ученика — не поместятся',
    );
    await db
      .update(rooms)
      .set({ capacity: 40 })
      .where(and(eq(rooms.organizationId, ids.org), eq(rooms.name, '21')));
    expect((await coverNow()).merge_options[0]).toMatchObject({
      fits: true,
      room_note: 'каб. 21: 40 мест на 1 ученика',
    });
    // 6В's lesson put into каб. 21 at that hour too (a one-off): the room is taken.
    const [line] = await db
      .insert(loads)
      .values({
        organizationId: ids.org,
        classId: my.c6v,
        subjectId: my.physics,
        teacherId: my.phys,
        hoursPerWeek: 1,
      })
      .returning();
    await db.insert(timetableSlots).values({
      organizationId: ids.org,
      templateId: my.tpl,
      loadId: line.id,
      classId: my.c6v,
      weekday: isoWeekday(day),
      lessonNumber: 2,
      room: '21',
    });
    const [extra] = await db
      .insert(lessons)
      .values({
        organizationId: ids.org,
        timetableId: my.built,
        loadId: line.id,
        classId: my.c6v,
        subjectId: my.physics,
        teacherId: null,
        date: day,
        lessonNumber: 2,
      })
      .returning();
    const taken = 'каб. 21 занят на 2-м уроке: 6В, Астрономия';
    expect((await coverNow()).merge_options[0]).toMatchObject({ fits: false, room_note: taken });
    const refused = await decideOn('a2', { action: 'merge', lesson_id: my.v2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Объединить нельзя: ${taken}`);
    await db.delete(lessons).where(eq(lessons.id, extra.id));
    expect((await decideOn('a2', { action: 'merge', lesson_id: my.v2 })).statusCode).toBe(200);
    expect((await decideOn('a2', { action: 'undo' })).statusCode).toBe(200);
  });

  it('refuses a move that brings a lesson into a room another class holds then, and offers it once free', async () => {
    // History would come to the 2nd lesson in its каб. 40, where 7В has Астрономия.
    expect((await coverNow()).move_options).toEqual([]);
    const refused = await decideOn('a2', { action: 'move', lesson_id: my.h4 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Перенос невозможен: каб. 40 занят на 2-м уроке: 7В, Астрономия');
    await db.update(lessons).set({ status: 'cancelled' }).where(eq(lessons.id, my.w2));
    expect((await coverNow()).move_options.map((option) => option.lesson_id)).toEqual([my.h4]);
    const moved = await decideOn('a2', { action: 'move', lesson_id: my.h4 });
    expect(moved.statusCode).toBe(200);
    // Swapped: each lesson keeps its own room (каб. 31 is free at the 4th, каб. 40 now at the 2nd).
    expect(moved.json().data).toMatchObject({ lesson: { lesson_number: 4, status: 'moved' } });
    expect((await decideOn('a2', { action: 'undo' })).statusCode).toBe(200);
  });
});

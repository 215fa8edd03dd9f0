import type {
  AttendanceCell,
  AttendanceInputParsed,
  CourseJournal,
  CourseSession,
  DiaryCourse,
  HoursReport,
  RangeQueryParsed,
  ReportQueryParsed,
  SessionInputParsed,
} from '@parta/shared/domain/contracts/extracurricular';
import { formatDate } from '@parta/shared/domain/dates';
import { groupName } from '@parta/shared/domain/names';
import { clockTime } from '@parta/shared/domain/timetable';
import { eq } from 'drizzle-orm';
import { inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { extracurricularSessions, students } from '../../db/schema';
import { writeReportWorkbook } from '../../files/report-workbook';
import type { Actor } from '../../plugins/auth';
import { forbidden, HttpError, notFound, unprocessable } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import { schoolToday } from '../clock/clock.service';
import { readSchoolSettings } from '../settings/school-settings.service';
import {
  courseTeacherIds,
  getPlan,
  marksCourse,
  readableCourse,
  schoolCourses,
} from './extracurricular.service';
import {
  findAttendedHours,
  findCells,
  findParentIds,
  findPupilSessions,
  findReportStudents,
  findSession,
  findSessions,
  isMember,
  saveCell,
  takesACourse,
  updateSessionTopic,
} from './sessions.repository';

const SESSION_NOT_FOUND = 'Занятие не найдено';
const NOT_WRITER = 'Отмечать занятия курса может его учитель или завуч';
const CONFLICT_MESSAGE = 'Отметку уже изменил другой пользователь: показано сохранённое значение';

/** 409 carrying the cell as saved now, as the class journal answers a stale save. */
export class AttendanceConflictError extends HttpError {
  constructor(readonly cell: AttendanceCell | null) {
    super(409, CONFLICT_MESSAGE);
  }
}

const toSession = (row: Awaited<ReturnType<typeof findSessions>>[number]): CourseSession => ({
  ...row,
  start_time: clockTime(row.start_time),
  end_time: clockTime(row.end_time),
});

/** GET /api/extracurricular/courses/{id}/journal: sessions × pupils with presence, topics and «зачёт». */
export async function courseJournal(
  db: Database,
  actor: Actor,
  id: number,
  range: RangeQueryParsed,
): Promise<CourseJournal> {
  const course = await readableCourse(db, actor, id);
  const sessions = (await findSessions(db, id, range.from, range.to)).map(toSession);
  const cells = await findCells(
    db,
    sessions.map((session) => session.id),
  );
  return { course, sessions, students: course.students, cells };
}

/**
 * The journals of the caller's school's courses that held sessions between `from` and `to` (the
 * year's archive: archive-build.ts), each as `courseJournal` answers it, in the courses' order.
 */
export async function schoolCourseJournals(
  db: Database,
  actor: Actor,
  from: string,
  to: string,
): Promise<CourseJournal[]> {
  const journals: CourseJournal[] = [];
  for (const course of await schoolCourses(db, actor)) {
    const sessions = (await findSessions(db, course.id, from, to)).map(toSession);
    if (sessions.length === 0) continue;
    const cells = await findCells(
      db,
      sessions.map((session) => session.id),
    );
    journals.push({ course, sessions, students: course.students, cells });
  }
  return journals;
}

/** A session the caller marks: another school's 404, someone else's course 403. */
async function writableSession(db: Database, actor: Actor, id: number) {
  const session = await findSession(db, id, inScope(actor, extracurricularSessions.organizationId));
  if (!session) throw notFound(SESSION_NOT_FOUND);
  const course = await readableCourse(db, actor, session.courseId).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 403) throw forbidden(NOT_WRITER);
    throw error;
  });
  if (!marksCourse(actor, courseTeacherIds(course))) throw forbidden(NOT_WRITER);
  return { session, course };
}

/**
 * PUT /api/extracurricular/sessions/{id}/students/{studentId}: presence (and «уважительная причина»,
 * «зачёт») of one pupil, saved when it is still at the version it was based on; else 409.
 */
export async function saveAttendance(
  db: Database,
  queue: Queue,
  actor: Actor,
  sessionId: number,
  studentId: number,
  input: AttendanceInputParsed,
): Promise<AttendanceCell> {
  const { session, course } = await writableSession(db, actor, sessionId);
  if (!(await isMember(db, course.id, studentId))) throw unprocessable('Ученик не записан на этот курс');
  if (session.date > schoolToday())
    throw unprocessable('Занятие ещё не прошло: посещаемость отмечается в день занятия и позже');
  if (input.present && input.excused)
    throw unprocessable('Проверьте введённые данные', {
      excused: ['Уважительная причина — только у отсутствовавшего'],
    });
  if (input.passed !== null && !course.pass_fail)
    throw unprocessable('Проверьте введённые данные', { passed: ['По этому курсу зачёт не ставится'] });
  const write = {
    organizationId: session.organizationId,
    sessionId,
    studentId,
    present: input.present,
    excused: input.excused,
    passed: input.passed,
    basedOn: input.version,
    userId: actor.userId,
  };
  // A course is not a lesson: its absence reaches parents only when the school says so, as a notice
  // owed in the save's transaction (it exists exactly when the mark does).
  const tells =
    !input.present &&
    (await readSchoolSettings(db, session.organizationId)).extracurricular_absence_notices === 1;
  const saved = tells
    ? await db.transaction(async (tx) => {
        const row = await saveCell(tx, write);
        if (row) await courseAbsenceOwed(tx, queue, actor, { ...session, course }, studentId, input.excused);
        return row;
      })
    : await saveCell(db, write);
  if (saved) return saved;
  const [current] = (await findCells(db, [sessionId])).filter((cell) => cell.student_id === studentId);
  throw new AttendanceConflictError(current ?? null);
}

/** The parents of a pupil marked absent from a course are owed a notice (one per pupil and session). */
async function courseAbsenceOwed(
  db: Database,
  queue: Queue,
  actor: Actor,
  session: {
    id: number;
    date: string;
    organizationId: number;
    course: { name: string; students: { id: number; name: string }[] };
  },
  studentId: number,
  excused: boolean,
) {
  const pupil = session.course.students.find((student) => student.id === studentId);
  for (const userId of await findParentIds(db, studentId))
    await queue.emit(db, 'notice.owed', {
      userId,
      actorId: actor.userId,
      notice: {
        organizationId: session.organizationId,
        category: 'absence',
        title: `${pupil?.name ?? 'Ученик'}: пропуск занятия ${formatDate(session.date)}`,
        body: `Внеурочная деятельность: «${session.course.name}»${excused ? ' (уважительная причина)' : ''}`,
        link: `/diary?week=${session.date}&student=${studentId}`,
        dedupeKey: `course-absence:${studentId}:${session.id}`,
      },
    });
}

/** PUT /api/extracurricular/sessions/{id}: the session's topic. */
export async function changeSessionTopic(
  db: Database,
  actor: Actor,
  sessionId: number,
  input: SessionInputParsed,
): Promise<CourseSession> {
  const { course } = await writableSession(db, actor, sessionId);
  await updateSessionTopic(db, sessionId, input.topic);
  const session = (await findSessions(db, course.id)).find((row) => row.id === sessionId)!;
  return toSession(session);
}

// ---------------------------------------------------------------- the report

/**
 * GET /api/extracurricular/report: hours (sessions attended) per pupil and per direction between two
 * dates; with group_id, that class's pupils and its plan against their average.
 */
export async function hoursReport(
  db: Database,
  actor: Actor,
  query: ReportQueryParsed,
): Promise<HoursReport> {
  if (query.to < query.from)
    throw unprocessable('Проверьте введённые данные', { to: ['Конец периода раньше начала'] });
  const organizationId = actor.organizationId;
  let who = takesACourse;
  let planItems: { direction: string; hours: number }[] | null = null;
  if (query.group_id !== undefined) {
    // 404 for a class of another school; its plan is what the class's hours are set against.
    planItems = (await getPlan(db, actor, query.group_id)).items;
    who = eq(students.classId, query.group_id);
  }
  const [pupils, hours] = await Promise.all([
    findReportStudents(db, organizationId, who),
    findAttendedHours(db, organizationId, query.from, query.to, who),
  ]);
  const byStudent = new Map<number, { direction: string; hours: number }[]>();
  const byDirection = new Map<string, number>();
  for (const row of hours) {
    const list = byStudent.get(row.studentId) ?? [];
    list.push({ direction: row.direction, hours: Number(row.hours) });
    byStudent.set(row.studentId, list);
    byDirection.set(row.direction, (byDirection.get(row.direction) ?? 0) + Number(row.hours));
  }
  const studentsOut = pupils.map((pupil) => {
    const directions = (byStudent.get(pupil.id) ?? []).sort((a, b) => a.direction.localeCompare(b.direction));
    return {
      student_id: pupil.id,
      name: `${pupil.surname} ${pupil.name}`,
      group_id: pupil.classId,
      group_name:
        pupil.number === null || pupil.letter === null
          ? null
          : groupName({ number: pupil.number, letter: pupil.letter }),
      hours: directions.reduce((sum, item) => sum + item.hours, 0),
      directions,
    };
  });
  let plan: HoursReport['plan'] = null;
  if (planItems) {
    const count = Math.max(1, studentsOut.length);
    plan = planItems.map((item) => {
      const total = studentsOut.reduce(
        (sum, pupil) => sum + (pupil.directions.find((row) => row.direction === item.direction)?.hours ?? 0),
        0,
      );
      return {
        direction: item.direction,
        planned: item.hours,
        average: Math.round((total / count) * 10) / 10,
      };
    });
  }
  return {
    from: query.from,
    to: query.to,
    students: studentsOut,
    directions: [...byDirection.entries()]
      .map(([direction, total]) => ({ direction, hours: total }))
      .sort((a, b) => a.direction.localeCompare(b.direction)),
    plan,
  };
}

/** The report as .xlsx: pupils, directions and (for a class) the plan, the same figures as the screen. */
export function hoursWorkbook(report: HoursReport): Promise<Buffer> {
  const title = `Внеурочная деятельность: часы с ${formatDate(report.from)} по ${formatDate(report.to)}`;
  const sheets = [
    {
      name: 'Ученики',
      columns: [
        { header: 'Ученик', width: 32 },
        { header: 'Класс', width: 8 },
        { header: 'Часов', width: 8 },
        { header: 'По направлениям', width: 60 },
      ],
      rows: report.students.map((pupil) => [
        pupil.name,
        pupil.group_name,
        pupil.hours,
        pupil.directions.map((item) => `${item.direction}: ${item.hours}`).join('; '),
      ]),
    },
    {
      name: 'Направления',
      columns: [
        { header: 'Направление', width: 40 },
        { header: 'Часов', width: 10 },
      ],
      rows: report.directions.map((item) => [item.direction, item.hours]),
    },
  ];
  if (report.plan)
    sheets.push({
      name: 'План класса',
      columns: [
        { header: 'Направление', width: 40 },
        { header: 'По плану за год', width: 16 },
        { header: 'В среднем у ученика', width: 20 },
      ],
      rows: report.plan.map((item) => [item.direction, item.planned, item.average]),
    });
  return writeReportWorkbook(title, sheets);
}

// ---------------------------------------------------------------- the diary

/** A pupil's course sessions between two dates (the diary's days), with the pupil's presence. */
export async function pupilCourseSessions(
  db: Database,
  studentId: number,
  from: string,
  to: string,
): Promise<(DiaryCourse & { date: string })[]> {
  return (await findPupilSessions(db, studentId, from, to)).map((row) => ({
    ...row,
    start_time: clockTime(row.start_time),
    end_time: clockTime(row.end_time),
    present: row.present,
    excused: row.excused ?? false,
  }));
}

import { and, asc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  classes,
  extracurricularAttendance,
  extracurricularCourses,
  extracurricularMembers,
  extracurricularSessions,
  extracurricularSlots,
  lessons,
  studentParents,
  students,
  subjects,
} from '../../db/schema';
import { lessonRoomsSql } from '../timetable/lessons.sql';
import { taughtBySql } from './extracurricular.repository';

// ---------------------------------------------------------------- collisions of a weekly slot

export interface SlotProbe {
  organizationId: number;
  weekday: number;
  start: string;
  end: string;
  /** Minutes a pupil's lesson must end before the slot starts. */
  breakMinutes: number;
  /** Dated lessons from this date on are what the weekly slot meets. */
  from: string;
  to: string;
}

/** Dated lessons of the probe's weekday overlapping [start − break, end] that `who` selects. */
function overlappingLessons(db: Database, probe: SlotProbe, who: SQL, withBreak: boolean) {
  const start = withBreak
    ? sql`(${probe.start}::time - make_interval(mins => ${probe.breakMinutes}))`
    : sql`${probe.start}::time`;
  return db
    .select({
      date: lessons.date,
      start_time: lessons.startTime,
      end_time: lessons.endTime,
      subject: subjects.name,
      number: classes.number,
      letter: classes.letter,
    })
    .from(lessons)
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .where(
      and(
        eq(lessons.organizationId, probe.organizationId),
        gte(lessons.date, probe.from),
        lte(lessons.date, probe.to),
        ne(lessons.status, 'cancelled'),
        sql`extract(isodow from ${lessons.date})::int = ${probe.weekday}`,
        sql`${lessons.startTime} < ${probe.end}::time`,
        sql`${lessons.endTime} > ${start}`,
        who,
      ),
    )
    .orderBy(asc(lessons.date), asc(lessons.startTime))
    .limit(1);
}
export type CollidingLesson = Awaited<ReturnType<typeof overlappingLessons>>[number];

/** A lesson of the pupils' classes the slot meets (the school's break after lessons included). */
export function pupilLessonAt(db: Database, probe: SlotProbe, studentIds: number[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return overlappingLessons(
    db,
    probe,
    inArray(
      lessons.classId,
      db
        .select({ id: students.classId })
        .from(students)
        .where(and(inArray(students.id, studentIds), sql`${students.classId} is not null`)),
    ),
    true,
  );
}

/** A lesson the teacher gives at the slot's time. */
export function teacherLessonAt(db: Database, probe: SlotProbe, teacherId: number) {
  return overlappingLessons(db, probe, eq(lessons.teacherId, teacherId), false);
}

/** A lesson in the room at the slot's time. */
export function roomLessonAt(db: Database, probe: SlotProbe, room: string) {
  return overlappingLessons(
    db,
    probe,
    sql`${lessons.id} in (select r.lesson_id from (${lessonRoomsSql(probe.organizationId, probe.from, probe.to)}) r
          where r.room = ${room})`,
    false,
  );
}

/** Another course's slot with one of the same teachers (main or other) or the room at the slot's time. */
export async function courseSlotAt(
  db: Database,
  probe: SlotProbe,
  exceptCourseId: number,
  who: { teacherIds: number[]; room: string | null },
) {
  const sameTeacher = taughtBySql(extracurricularCourses.id, who.teacherIds);
  const sameWho = who.room
    ? sql`(${sameTeacher} or ${extracurricularSlots.room} = ${who.room})`
    : sameTeacher;
  const [row] = await db
    .select({
      name: extracurricularCourses.name,
      sameTeacher: sql<boolean>`${sameTeacher}`,
      room: extracurricularSlots.room,
      start_time: extracurricularSlots.startTime,
      end_time: extracurricularSlots.endTime,
    })
    .from(extracurricularSlots)
    .innerJoin(extracurricularCourses, eq(extracurricularCourses.id, extracurricularSlots.courseId))
    .where(
      and(
        eq(extracurricularSlots.organizationId, probe.organizationId),
        ne(extracurricularSlots.courseId, exceptCourseId),
        eq(extracurricularSlots.weekday, probe.weekday),
        sql`${extracurricularSlots.startTime} < ${probe.end}::time`,
        sql`${extracurricularSlots.endTime} > ${probe.start}::time`,
        sameWho,
      ),
    )
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- sessions

export function findSessions(db: Database, courseId: number, from?: string, to?: string) {
  return db
    .select({
      id: extracurricularSessions.id,
      date: extracurricularSessions.date,
      start_time: extracurricularSessions.startTime,
      end_time: extracurricularSessions.endTime,
      room: extracurricularSessions.room,
      topic: extracurricularSessions.topic,
    })
    .from(extracurricularSessions)
    .where(
      and(
        eq(extracurricularSessions.courseId, courseId),
        from ? gte(extracurricularSessions.date, from) : undefined,
        to ? lte(extracurricularSessions.date, to) : undefined,
      ),
    )
    .orderBy(asc(extracurricularSessions.date), asc(extracurricularSessions.startTime));
}

/** The sessions from `from` on that nothing was written about yet (a new schedule replaces them). */
export async function deleteEmptySessionsFrom(db: Database, courseId: number, from: string) {
  await db.delete(extracurricularSessions).where(
    and(
      eq(extracurricularSessions.courseId, courseId),
      gte(extracurricularSessions.date, from),
      sql`${extracurricularSessions.topic} is null`,
      sql`not exists (select 1 from ${extracurricularAttendance}
              where ${extracurricularAttendance.sessionId} = ${extracurricularSessions.id})`,
    ),
  );
}

export async function insertSessions(
  db: Database,
  organizationId: number,
  courseId: number,
  sessions: { date: string; start_time: string; end_time: string; room: string | null }[],
) {
  if (sessions.length === 0) return;
  await db.insert(extracurricularSessions).values(
    sessions.map((session) => ({
      organizationId,
      courseId,
      date: session.date,
      startTime: session.start_time,
      endTime: session.end_time,
      room: session.room,
    })),
  );
}

/** One session with its course, within `scope` (the caller's organizations). */
export async function findSession(db: Database, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({
      id: extracurricularSessions.id,
      date: extracurricularSessions.date,
      courseId: extracurricularSessions.courseId,
      organizationId: extracurricularSessions.organizationId,
    })
    .from(extracurricularSessions)
    .where(and(eq(extracurricularSessions.id, id), scope));
  return row ?? null;
}

export async function updateSessionTopic(db: Database, id: number, topic: string | null) {
  await db.update(extracurricularSessions).set({ topic }).where(eq(extracurricularSessions.id, id));
}

// ---------------------------------------------------------------- attendance

const cellColumns = {
  session_id: extracurricularAttendance.sessionId,
  student_id: extracurricularAttendance.studentId,
  present: extracurricularAttendance.present,
  excused: extracurricularAttendance.excused,
  passed: extracurricularAttendance.passed,
  version: extracurricularAttendance.version,
};

export function findCells(db: Database, sessionIds: number[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .select(cellColumns)
    .from(extracurricularAttendance)
    .where(inArray(extracurricularAttendance.sessionId, sessionIds));
}

export async function isMember(db: Database, courseId: number, studentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: extracurricularMembers.studentId })
    .from(extracurricularMembers)
    .where(
      and(eq(extracurricularMembers.courseId, courseId), eq(extracurricularMembers.studentId, studentId)),
    );
  return Boolean(row);
}

/**
 * Saves one cell when it is still at `basedOn` (0: never saved), moving its version on by one; no
 * row when another save came first (the caller answers 409).
 */
export async function saveCell(
  db: Database,
  write: {
    organizationId: number;
    sessionId: number;
    studentId: number;
    present: boolean;
    excused: boolean;
    passed: boolean | null;
    basedOn: number;
    userId: number;
  },
) {
  const values = { present: write.present, excused: write.excused, passed: write.passed };
  const [row] = await db
    .insert(extracurricularAttendance)
    .values({
      organizationId: write.organizationId,
      sessionId: write.sessionId,
      studentId: write.studentId,
      ...values,
      version: 1,
      updatedBy: write.userId,
    })
    .onConflictDoUpdate({
      target: [extracurricularAttendance.sessionId, extracurricularAttendance.studentId],
      set: {
        ...values,
        version: sql`${extracurricularAttendance.version} + 1`,
        updatedBy: write.userId,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${extracurricularAttendance.version} = ${write.basedOn}`,
    })
    .returning(cellColumns);
  return row ?? null;
}

// ---------------------------------------------------------------- report and diary

/** Sessions attended between two dates by the pupils `who` selects: one row per pupil and direction. */
export function findAttendedHours(db: Database, organizationId: number, from: string, to: string, who?: SQL) {
  return db
    .select({
      studentId: extracurricularAttendance.studentId,
      direction: extracurricularCourses.direction,
      hours: sql<number>`count(*)::int`,
    })
    .from(extracurricularAttendance)
    .innerJoin(extracurricularSessions, eq(extracurricularSessions.id, extracurricularAttendance.sessionId))
    .innerJoin(extracurricularCourses, eq(extracurricularCourses.id, extracurricularSessions.courseId))
    .innerJoin(students, eq(students.id, extracurricularAttendance.studentId))
    .where(
      and(
        eq(extracurricularSessions.organizationId, organizationId),
        gte(extracurricularSessions.date, from),
        lte(extracurricularSessions.date, to),
        eq(extracurricularAttendance.present, true),
        who,
      ),
    )
    .groupBy(extracurricularAttendance.studentId, extracurricularCourses.direction);
}

/** The pupils of the report: the active pupils of the school (or `who`) by class and surname. */
export function findReportStudents(db: Database, organizationId: number, who?: SQL) {
  return db
    .select({
      id: students.id,
      surname: students.surname,
      name: students.name,
      classId: students.classId,
      number: classes.number,
      letter: classes.letter,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.organizationId, organizationId), eq(students.status, 'active'), who))
    .orderBy(asc(classes.number), asc(classes.letter), asc(students.surname), asc(students.name));
}

/** Pupils who take any course (the school's report lists only them). */
export const takesACourse = sql`exists (select 1 from ${extracurricularMembers}
  where ${extracurricularMembers.studentId} = ${students.id})`;

/** A pupil's sessions between two dates with their course and the pupil's mark, if any. */
export function findPupilSessions(db: Database, studentId: number, from: string, to: string) {
  return db
    .select({
      session_id: extracurricularSessions.id,
      course_id: extracurricularCourses.id,
      name: extracurricularCourses.name,
      date: extracurricularSessions.date,
      start_time: extracurricularSessions.startTime,
      end_time: extracurricularSessions.endTime,
      room: extracurricularSessions.room,
      topic: extracurricularSessions.topic,
      present: extracurricularAttendance.present,
      excused: extracurricularAttendance.excused,
    })
    .from(extracurricularMembers)
    .innerJoin(extracurricularCourses, eq(extracurricularCourses.id, extracurricularMembers.courseId))
    .innerJoin(extracurricularSessions, eq(extracurricularSessions.courseId, extracurricularCourses.id))
    .leftJoin(
      extracurricularAttendance,
      and(
        eq(extracurricularAttendance.sessionId, extracurricularSessions.id),
        eq(extracurricularAttendance.studentId, studentId),
      ),
    )
    .where(
      and(
        eq(extracurricularMembers.studentId, studentId),
        gte(extracurricularSessions.date, from),
        lte(extracurricularSessions.date, to),
      ),
    )
    .orderBy(asc(extracurricularSessions.date), asc(extracurricularSessions.startTime));
}

/** The parents' logins linked to a pupil (who hear of a course absence when the school asks for it). */
export async function findParentIds(db: Database, studentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: studentParents.parentUserId })
    .from(studentParents)
    .where(eq(studentParents.studentId, studentId));
  return rows.map((row) => row.id);
}

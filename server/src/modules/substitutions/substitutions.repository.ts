import { and, asc, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  classes,
  lessons,
  loads,
  marks,
  rooms,
  students,
  subjects,
  teacherAbsences,
  users,
} from '../../db/schema';
import { lessonRoomsSql } from '../timetable/lessons.sql';

export type AbsenceValues = typeof teacherAbsences.$inferInsert;

export async function insertAbsence(db: Database, values: AbsenceValues) {
  const [row] = await db.insert(teacherAbsences).values(values).returning({ id: teacherAbsences.id });
  return row.id;
}

export async function deleteAbsence(db: Database, id: number) {
  await db.delete(teacherAbsences).where(eq(teacherAbsences.id, id));
}

/** Absences matching `where`, with the teacher's name, by start date. */
export function findAbsences(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: teacherAbsences.id,
      organizationId: teacherAbsences.organizationId,
      teacherId: teacherAbsences.teacherId,
      startDate: teacherAbsences.startDate,
      endDate: teacherAbsences.endDate,
      fromLesson: teacherAbsences.fromLesson,
      reason: teacherAbsences.reason,
      comment: teacherAbsences.comment,
      surname: users.surname,
      name: users.name,
      patronymic: users.patronymic,
    })
    .from(teacherAbsences)
    .innerJoin(users, eq(users.id, teacherAbsences.teacherId))
    .where(where)
    .orderBy(asc(teacherAbsences.startDate), asc(users.surname), asc(teacherAbsences.id));
}
export type AbsenceRow = Awaited<ReturnType<typeof findAbsences>>[number];

/** Absences of one school overlapping a date range (who else is away when a lesson needs a substitute). */
export function findAbsencesOverlapping(db: Database, organizationId: number, from: string, to: string) {
  return findAbsences(
    db,
    and(
      eq(teacherAbsences.organizationId, organizationId),
      lte(teacherAbsences.startDate, to),
      gte(teacherAbsences.endDate, from),
    ),
  );
}

/** Active staff of a school with at least one line of the load: who may take a lesson. */
export function findTeachers(db: Database, organizationId: number) {
  return db
    .selectDistinct({
      id: users.id,
      surname: users.surname,
      name: users.name,
      patronymic: users.patronymic,
    })
    .from(users)
    .innerJoin(loads, eq(loads.teacherId, users.id))
    .where(and(eq(users.organizationId, organizationId), eq(users.kind, 'staff'), eq(users.active, true)));
}

/** The school's load lines: who teaches which subject in which class (specialty, class, subgroups). */
export function findLoadLines(db: Database, organizationId: number) {
  return db
    .select({
      teacherId: loads.teacherId,
      classId: loads.classId,
      subgroupId: loads.subgroupId,
      subjectId: loads.subjectId,
    })
    .from(loads)
    .where(eq(loads.organizationId, organizationId));
}

/** Every lesson given in the school on the days of a range (not cancelled): who is busy when. */
export function findBusyLessons(db: Database, organizationId: number, from: string, to: string) {
  return db
    .select({
      id: lessons.id,
      teacherId: lessons.teacherId,
      date: lessons.date,
      lessonNumber: lessons.lessonNumber,
    })
    .from(lessons)
    .where(
      and(
        eq(lessons.organizationId, organizationId),
        gte(lessons.date, from),
        lte(lessons.date, to),
        ne(lessons.status, 'cancelled'),
      ),
    );
}

/** Substitutions each teacher gave in a date range (lessons they give as a replacement). */
export async function countSubstitutions(db: Database, organizationId: number, from: string, to: string) {
  const rows = await db
    .select({ teacherId: lessons.teacherId, count: sql<number>`count(*)::int` })
    .from(lessons)
    .where(
      and(
        eq(lessons.organizationId, organizationId),
        eq(lessons.status, 'replaced'),
        gte(lessons.date, from),
        lte(lessons.date, to),
      ),
    )
    .groupBy(lessons.teacherId);
  return new Map(
    rows.flatMap((row) => (row.teacherId === null ? [] : [[row.teacherId, row.count] as const])),
  );
}

/** Whether a lesson has marks put by anyone but `teacherId` (then it was given: it is not re-assigned). */
export async function hasMarksByOthers(db: Database, lessonId: number, teacherId: number | null) {
  const [row] = await db
    .select({ id: marks.id })
    .from(marks)
    .where(
      and(
        eq(marks.lessonId, lessonId),
        teacherId === null ? undefined : sql`${marks.createdBy} is distinct from ${teacherId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface ReportLessonRow {
  lesson_id: number;
  date: string;
  lesson_number: number;
  /** The bell's end of the lesson, `HH:MM` (null: no bell times). */
  end_time: string | null;
  number: number;
  letter: string;
  subject_name: string;
  status: 'replaced' | 'cancelled';
  teacher_id: number | null;
  original_teacher_id: number | null;
  /** The one who missed it: the template's teacher of a replaced lesson, the teacher of a cancelled one. */
  absent_id: number;
  specialty: boolean;
}

/**
 * The journal of replaced lessons of a range: every lesson given by a replacement, and every lesson
 * cancelled within a recorded absence of its teacher (a cancellation for any other reason, a holiday
 * moved, is no one's missed hour).
 */
export function findReportLessons(
  db: Database,
  organizationIds: readonly number[] | null,
  from: string,
  to: string,
) {
  const scope =
    organizationIds === null
      ? sql`true`
      : sql`l.organization_id = any(${sql.param([...organizationIds])}::int[])`;
  return rowsOf<ReportLessonRow>(
    db,
    sql`select l.id as lesson_id, l.date::text as date, l.lesson_number::int as lesson_number,
               l.end_time::text as end_time, c.number::int as number, c.letter, s.name as subject_name, l.status,
               l.teacher_id, l.original_teacher_id,
               coalesce(l.original_teacher_id, l.teacher_id) as absent_id,
               (l.status = 'replaced' and exists (
                 select 1 from ${loads} ld
                  where ld.teacher_id = l.teacher_id and ld.subject_id = l.subject_id)) as specialty
          from ${lessons} l
          join ${classes} c on c.id = l.class_id
          join ${subjects} s on s.id = l.subject_id
         where ${scope} and l.date between ${from}::date and ${to}::date
           and ((l.status = 'replaced' and l.original_teacher_id is not null)
             or (l.status = 'cancelled' and exists (
                   select 1 from ${teacherAbsences} a
                    where a.teacher_id = l.teacher_id and l.date between a.start_date and a.end_date
                      and (l.date > a.start_date or a.from_lesson is null or l.lesson_number >= a.from_lesson))))
         order by l.date, l.lesson_number, c.number, c.letter`,
  );
}

/** Names of users by id (the report's teachers). */
export function findUserNames(db: Database, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, surname: users.surname, name: users.name, patronymic: users.patronymic })
    .from(users)
    .where(sql`${users.id} = any(${sql.param(ids)}::int[])`);
}

/**
 * A school's lessons of a date range with their class's grade (merge and move options): the parallel
 * classes' lessons at the same hour, the class's later lessons that day, and who swapped with whom.
 */
export function findDayLessons(db: Database, organizationId: number, from: string, to: string) {
  return db
    .select({
      id: lessons.id,
      date: lessons.date,
      lessonNumber: lessons.lessonNumber,
      startTime: lessons.startTime,
      classId: lessons.classId,
      grade: classes.number,
      letter: classes.letter,
      subgroupId: lessons.subgroupId,
      subjectId: lessons.subjectId,
      subjectName: subjects.name,
      teacherId: lessons.teacherId,
      status: lessons.status,
      swappedWithId: lessons.swappedWithId,
      surname: users.surname,
      name: users.name,
      patronymic: users.patronymic,
    })
    .from(lessons)
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .leftJoin(users, eq(users.id, lessons.teacherId))
    .where(and(eq(lessons.organizationId, organizationId), gte(lessons.date, from), lte(lessons.date, to)));
}
export type DayLessonRow = Awaited<ReturnType<typeof findDayLessons>>[number];

/** Pupils now in each class of a school (whether two classes fit one room). */
export async function countPupils(db: Database, organizationId: number) {
  const rows = await db
    .select({ classId: students.classId, count: sql<number>`count(*)::int` })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(classes.organizationId, organizationId), eq(students.status, 'active')))
    .groupBy(students.classId);
  return new Map(rows.flatMap((row) => (row.classId === null ? [] : [[row.classId, row.count] as const])));
}

/** A school's rooms with their capacity and home teacher (rooms.teacher_id), oldest first. */
export function findRooms(db: Database, organizationId: number) {
  return db
    .select({ teacherId: rooms.teacherId, name: rooms.name, capacity: rooms.capacity })
    .from(rooms)
    .where(eq(rooms.organizationId, organizationId))
    .orderBy(asc(rooms.id));
}

/**
 * The room of each dated lesson of a range that has one. Lessons carry no room: a lesson is in the
 * room of the template slot it was made from (its timetable's template; class, load, subgroup,
 * weekday and lesson number) — for a lesson swapped by «Перенести», the slot of its own first hour.
 */
export function findLessonRooms(db: Database, organizationId: number, from: string, to: string) {
  return rowsOf<{ lesson_id: number; room: string }>(db, lessonRoomsSql(organizationId, from, to));
}

import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  attendance,
  classes,
  finalMarks,
  lessons,
  marks,
  periods,
  studentParents,
  students,
  subgroupMembers,
  subjects,
  users,
  workTypes,
} from '../../db/schema';
import { inSchoolYears } from '../journal/journal.sql';
import { pupilClassIds } from '../students/students.sql';

const studentColumns = {
  id: students.id,
  organizationId: students.organizationId,
  surname: students.surname,
  name: students.name,
  classId: students.classId,
  number: classes.number,
  letter: classes.letter,
};

/** The active student whose login is `userId` (a student reading their own diary). */
export function findOwnStudents(db: Database, userId: number, scope: SQL | undefined) {
  return db
    .select(studentColumns)
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.userId, userId), eq(students.status, 'active'), scope));
}

/** The active children of a parent's login, by surname and name. */
export function findChildren(db: Database, parentUserId: number, scope: SQL | undefined) {
  return db
    .select(studentColumns)
    .from(studentParents)
    .innerJoin(students, eq(students.id, studentParents.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(studentParents.parentUserId, parentUserId), eq(students.status, 'active'), scope))
    .orderBy(asc(students.surname), asc(students.name));
}
export type DiaryStudentRow = Awaited<ReturnType<typeof findChildren>>[number];

/**
 * Lessons of the student's class, and of their classes of closed years (a past week after
 * «Новый учебный год»): whole-class ones and those of the student's subgroups.
 */
function studentLessons(studentId: number, classId: number): SQL | undefined {
  return and(
    sql`${lessons.classId} = any(${pupilClassIds(studentId, classId)})`,
    or(
      isNull(lessons.subgroupId),
      inArray(
        lessons.subgroupId,
        sql`(select ${subgroupMembers.subgroupId} from ${subgroupMembers} where ${subgroupMembers.studentId} = ${studentId})`,
      ),
    ),
  );
}

export function findWeekLessons(
  db: Database,
  student: { id: number; classId: number },
  from: string,
  to: string,
) {
  return db
    .select({
      id: lessons.id,
      date: lessons.date,
      lesson_number: lessons.lessonNumber,
      start_time: lessons.startTime,
      end_time: lessons.endTime,
      subject_id: lessons.subjectId,
      subject_name: subjects.name,
      teacherSurname: users.surname,
      teacherName: users.name,
      teacherPatronymic: users.patronymic,
      topic: lessons.topic,
      homework: lessons.homework,
      status: lessons.status,
    })
    .from(lessons)
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .leftJoin(users, eq(users.id, lessons.teacherId))
    .where(and(studentLessons(student.id, student.classId), sql`${lessons.date} between ${from} and ${to}`))
    .orderBy(asc(lessons.date), asc(lessons.lessonNumber));
}

/** A student's grades of some lessons of the week `from`–`to` (read from those school years' partitions). */
export function findMarksOf(
  db: Database,
  studentId: number,
  lessonIds: number[],
  week: { from: string; to: string },
) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: marks.id,
      lessonId: marks.lessonId,
      value: marks.value,
      workType: workTypes.name,
      weight: marks.weight,
      comment: marks.comment,
    })
    .from(marks)
    .leftJoin(workTypes, eq(workTypes.id, marks.workTypeId))
    .where(
      and(
        eq(marks.studentId, studentId),
        inArray(marks.lessonId, lessonIds),
        inSchoolYears(sql`${marks.schoolYear}`, week.from, week.to),
      ),
    )
    .orderBy(asc(marks.id));
}

export function findAttendanceOf(
  db: Database,
  studentId: number,
  lessonIds: number[],
  week: { from: string; to: string },
) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .select({ lessonId: attendance.lessonId, value: attendance.value })
    .from(attendance)
    .where(
      and(
        eq(attendance.studentId, studentId),
        inArray(attendance.lessonId, lessonIds),
        inSchoolYears(sql`${attendance.schoolYear}`, week.from, week.to),
      ),
    );
}

/** The first term (not the year) of the grade that overlaps the week. */
export async function findPeriodAt(
  db: Database,
  organizationId: number,
  week: { from: string; to: string },
  grade: number,
) {
  const [row] = await db
    .select({
      id: periods.id,
      name: periods.name,
      startDate: periods.startDate,
      endDate: periods.endDate,
      closed: periods.closed,
    })
    .from(periods)
    .where(
      and(
        eq(periods.organizationId, organizationId),
        ne(periods.kind, 'year'),
        sql`${periods.startDate} <= ${week.to} and ${periods.endDate} >= ${week.from}`,
        sql`${grade} = any(${periods.grades})`,
      ),
    )
    .orderBy(asc(periods.startDate))
    .limit(1);
  return row ?? null;
}

/** Per subject of the student's lessons in the range: count and weighted sums of the grades (computed in SQL). */
export function findSubjectAverages(
  db: Database,
  student: { id: number; classId: number },
  from: string,
  to: string,
) {
  return db
    .select({
      subjectId: lessons.subjectId,
      subjectName: subjects.name,
      count: sql<number>`count(${marks.id})::int`,
      sum: sql<number>`coalesce(sum(${marks.value}::int * ${marks.weight}), 0)::float8`,
      weight: sql<number>`coalesce(sum(${marks.weight}), 0)::float8`,
    })
    .from(lessons)
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .leftJoin(
      marks,
      and(
        eq(marks.lessonId, lessons.id),
        eq(marks.studentId, student.id),
        inSchoolYears(sql`${marks.schoolYear}`, from, to),
      ),
    )
    .where(and(studentLessons(student.id, student.classId), sql`${lessons.date} between ${from} and ${to}`))
    .groupBy(lessons.subjectId, subjects.name)
    .orderBy(asc(subjects.name));
}

export function findFinalMarksOf(db: Database, studentId: number, periodId: number) {
  return db
    .select({ subjectId: finalMarks.subjectId, value: finalMarks.value })
    .from(finalMarks)
    .where(and(eq(finalMarks.studentId, studentId), eq(finalMarks.periodId, periodId)));
}

export function findLatestMarks(db: Database, studentId: number, limit: number) {
  return db
    .select({
      id: marks.id,
      value: marks.value,
      workType: workTypes.name,
      weight: marks.weight,
      comment: marks.comment,
      date: lessons.date,
      subjectName: subjects.name,
    })
    .from(marks)
    .innerJoin(lessons, eq(lessons.id, marks.lessonId))
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .leftJoin(workTypes, eq(workTypes.id, marks.workTypeId))
    .where(eq(marks.studentId, studentId))
    .orderBy(desc(lessons.date), desc(marks.id))
    .limit(limit);
}

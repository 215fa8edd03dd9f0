import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { homeworkFileCount } from '../homework/homework.sql';
import { absencesOfPupilDay, finalMarkOfPupil, markChangesOfDay } from '../journal/journal.sql';
import {
  activeParentLinks,
  activeParentsOf,
  familiesOfLesson,
  pupilOfLesson,
} from '../students/students.sql';
import { changedLesson, homeworkOfDay } from '../timetable/lessons.sql';

/** A lesson's day, school and the pupil it is about (null: no such lesson or pupil). */
export async function findAbsenceSubject(db: Database, lessonId: number, studentId: number) {
  const [row] = await rowsOf<{
    organization_id: number;
    date: string;
    surname: string;
    name: string;
  }>(db, pupilOfLesson(lessonId, studentId));
  return row;
}

/**
 * A pupil's absences of one day in one school, entered at least `windowMinutes` ago (a newer one
 * is still inside its correction window: its own job tells of it), with who entered each.
 */
export function findAbsencesOfDay(
  db: Database,
  organizationId: number,
  studentId: number,
  date: string,
  windowMinutes: number,
) {
  return rowsOf<{ lesson_number: number; subject_name: string; value: 'н' | 'б'; created_by: number | null }>(
    db,
    absencesOfPupilDay(organizationId, studentId, date, windowMinutes),
  );
}

/** The active parent accounts linked to a pupil in that pupil's school. */
export function findParentsOf(db: Database, organizationId: number, studentId: number) {
  return rowsOf<{ id: number }>(db, activeParentsOf(organizationId, studentId));
}

/** A dated lesson as a change notice tells of it: class, subject, when, who teaches it now. */
export async function findChangedLesson(db: Database, lessonId: number) {
  const [row] = await rowsOf<{
    organization_id: number;
    class_id: number;
    load_id: number | null;
    subgroup_id: number | null;
    grade: number;
    letter: string;
    subject_name: string;
    date: string;
    lesson_number: number;
    status: 'scheduled' | 'replaced' | 'cancelled' | 'moved';
    teacher_id: number | null;
    teacher: { surname: string; name: string; patronymic: string | null } | null;
    original: { surname: string; name: string; patronymic: string | null } | null;
  }>(db, changedLesson(lessonId));
  return row;
}

/**
 * The active accounts of a lesson's pupils and of their parents in the lesson's school: the
 * class's, or only the subgroup's when the lesson is a subgroup's.
 */
export function findFamiliesOfLesson(
  db: Database,
  lesson: { organization_id: number; class_id: number; subgroup_id: number | null },
) {
  return rowsOf<{ id: number }>(db, familiesOfLesson(lesson));
}

/** A pupil's final mark of a subject and period as it is now (value null: none), with the names a notice needs. */
export async function findFinalMarkSubject(
  db: Database,
  studentId: number,
  subjectId: number,
  periodId: number,
) {
  const [row] = await rowsOf<{
    organization_id: number;
    user_id: number | null;
    surname: string;
    name: string;
    subject_name: string;
    period_name: string;
    value: string | null;
  }>(db, finalMarkOfPupil(studentId, subjectId, periodId));
  return row;
}

/** The active account of a pupil, if the pupil has one. */
export async function findActiveUser(db: Database, userId: number | null) {
  if (userId === null) return [];
  return rowsOf<{ id: number }>(db, sql`select id from users where id = ${userId} and active`);
}

/** Schools with their settings rows, for the evening digest's clock. */
export function findOrganizationIds(db: Database) {
  return rowsOf<{ id: number }>(db, sql`select id from organizations order by id`);
}

/**
 * Every pupil × subject of a school whose marks changed on `date` (school time), with the marks
 * those lessons hold now (empty: removed), and Σ value·weight and Σ weight of the pupil's marks of
 * the subject over the term that holds `date` (the journal's weighted average).
 */
export function findMarkChangesOfDay(db: Database, organizationId: number, date: string, timeZone: string) {
  return rowsOf<{
    student_id: number;
    user_id: number | null;
    surname: string;
    name: string;
    subject_name: string;
    marks: string | null;
    sum: number | null;
    weight: number | null;
  }>(db, markChangesOfDay(organizationId, date, timeZone));
}

/** The active parent accounts linked to any of `studentIds` in their school, with whose parent each is. */
export function findParentLinks(db: Database, organizationId: number, studentIds: number[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return rowsOf<{ parent_id: number; student_id: number }>(db, activeParentLinks(organizationId, studentIds));
}

/** The homework of a school's lessons of `date` (not cancelled), per pupil of each lesson's class or subgroup. */
export function findHomeworkOfDay(db: Database, organizationId: number, date: string) {
  return rowsOf<{
    student_id: number;
    user_id: number | null;
    surname: string;
    name: string;
    subject_name: string;
    homework: string | null;
    files: number;
  }>(db, homeworkOfDay(organizationId, date, homeworkFileCount));
}

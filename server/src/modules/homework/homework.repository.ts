import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { loadTeacherOfLesson, type TeachingActor, teachesSql } from '../../access/teaching';
import type { Database } from '../../db/client';
import {
  homeworkDeadlines,
  homeworkFiles,
  homeworkSubmissions,
  lessons,
  loads,
  studentParents,
  students,
  subjects,
  submissionFiles,
} from '../../db/schema';

/** A lesson as homework sees it: where it is, its day, and whether the caller teaches it. */
export interface HomeworkLesson {
  id: number;
  organizationId: number;
  classId: number;
  subgroupId: number | null;
  date: string;
  subjectName: string;
  teaches: boolean;
}

/** A lesson within `scope` (not cancelled), with the teaching rule evaluated for `who`. */
export async function findLesson(
  db: Database,
  who: TeachingActor,
  lessonId: number,
  scope: SQL | undefined,
): Promise<HomeworkLesson | null> {
  const [row] = await db
    .select({
      id: lessons.id,
      organizationId: lessons.organizationId,
      classId: lessons.classId,
      subgroupId: lessons.subgroupId,
      date: lessons.date,
      subjectName: subjects.name,
      teaches: sql<boolean>`${teachesSql(who, [lessons.teacherId, loadTeacherOfLesson(lessons.status, loads.teacherId)])}`,
    })
    .from(lessons)
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .leftJoin(loads, eq(loads.id, lessons.loadId))
    .where(and(eq(lessons.id, lessonId), ne(lessons.status, 'cancelled'), scope));
  return row ?? null;
}

export async function insertHomeworkFile(
  db: Database,
  row: { fileId: number; organizationId: number; lessonId: number; createdAt: Date },
) {
  await db.insert(homeworkFiles).values(row);
}

/** The ids of a lesson's files, oldest first. */
export async function findHomeworkFileIds(db: Database, lessonIds: number[]) {
  if (lessonIds.length === 0) return [];
  return db
    .select({
      fileId: homeworkFiles.fileId,
      lessonId: homeworkFiles.lessonId,
      createdAt: homeworkFiles.createdAt,
    })
    .from(homeworkFiles)
    .where(inArray(homeworkFiles.lessonId, lessonIds))
    .orderBy(asc(homeworkFiles.createdAt), asc(homeworkFiles.fileId));
}

export async function deleteHomeworkFile(db: Database, fileId: number) {
  await db.delete(homeworkFiles).where(eq(homeworkFiles.fileId, fileId));
}

/** Whose a stored file is: a lesson's homework, or a pupil's work (its lesson and pupil). */
export async function findFileOwner(
  db: Database,
  fileId: number,
  scope: (
    column: typeof homeworkFiles.organizationId | typeof submissionFiles.organizationId,
  ) => SQL | undefined,
): Promise<{ lessonId: number; studentId: number | null } | null> {
  const [homework] = await db
    .select({ lessonId: homeworkFiles.lessonId })
    .from(homeworkFiles)
    .where(and(eq(homeworkFiles.fileId, fileId), scope(homeworkFiles.organizationId)));
  if (homework) return { lessonId: homework.lessonId, studentId: null };
  const [work] = await db
    .select({ lessonId: homeworkSubmissions.lessonId, studentId: homeworkSubmissions.studentId })
    .from(submissionFiles)
    .innerJoin(homeworkSubmissions, eq(homeworkSubmissions.id, submissionFiles.submissionId))
    .where(and(eq(submissionFiles.fileId, fileId), scope(submissionFiles.organizationId)));
  return work ?? null;
}

export async function findDeadlines(db: Database, lessonIds: number[]) {
  if (lessonIds.length === 0) return [];
  return db
    .select({ lessonId: homeworkDeadlines.lessonId, dueAt: homeworkDeadlines.dueAt })
    .from(homeworkDeadlines)
    .where(inArray(homeworkDeadlines.lessonId, lessonIds));
}

export async function saveDeadline(db: Database, lesson: HomeworkLesson, dueAt: Date | null) {
  if (dueAt === null) {
    await db.delete(homeworkDeadlines).where(eq(homeworkDeadlines.lessonId, lesson.id));
    return;
  }
  await db
    .insert(homeworkDeadlines)
    .values({ lessonId: lesson.id, organizationId: lesson.organizationId, dueAt })
    .onConflictDoUpdate({ target: homeworkDeadlines.lessonId, set: { dueAt } });
}

const submissionColumns = {
  id: homeworkSubmissions.id,
  lesson_id: homeworkSubmissions.lessonId,
  student_id: homeworkSubmissions.studentId,
  surname: students.surname,
  name: students.name,
  status: homeworkSubmissions.status,
  comment: homeworkSubmissions.comment,
  review_comment: homeworkSubmissions.reviewComment,
  mark: homeworkSubmissions.mark,
  submittedAt: homeworkSubmissions.submittedAt,
  reviewedAt: homeworkSubmissions.reviewedAt,
};
export type SubmissionRow = Awaited<ReturnType<typeof findSubmissions>>[number];

/** Works handed in for lessons (optionally of one pupil), by pupil's name. */
export async function findSubmissions(db: Database, lessonIds: number[], studentId?: number, id?: number) {
  if (lessonIds.length === 0) return [];
  return db
    .select(submissionColumns)
    .from(homeworkSubmissions)
    .innerJoin(students, eq(students.id, homeworkSubmissions.studentId))
    .where(
      and(
        inArray(homeworkSubmissions.lessonId, lessonIds),
        studentId === undefined ? undefined : eq(homeworkSubmissions.studentId, studentId),
        id === undefined ? undefined : eq(homeworkSubmissions.id, id),
      ),
    )
    .orderBy(asc(students.surname), asc(students.name), asc(homeworkSubmissions.id));
}

/** The stored files of works, by work. */
export async function findSubmissionFileIds(db: Database, submissionIds: number[]) {
  if (submissionIds.length === 0) return [];
  return db
    .select({ fileId: submissionFiles.fileId, submissionId: submissionFiles.submissionId })
    .from(submissionFiles)
    .where(inArray(submissionFiles.submissionId, submissionIds))
    .orderBy(asc(submissionFiles.fileId));
}

/** A pupil's work for a lesson, locked for the hand-in's transaction. */
export async function lockSubmission(db: Database, lessonId: number, studentId: number) {
  const [row] = await db
    .select({ id: homeworkSubmissions.id, status: homeworkSubmissions.status })
    .from(homeworkSubmissions)
    .where(and(eq(homeworkSubmissions.lessonId, lessonId), eq(homeworkSubmissions.studentId, studentId)))
    .for('update');
  return row ?? null;
}

/** Hands a work in (new, or again: the files replaced by the caller); answers its id. */
export async function upsertSubmission(
  db: Database,
  row: {
    organizationId: number;
    lessonId: number;
    studentId: number;
    comment: string | null;
    submittedAt: Date;
  },
): Promise<number> {
  const [saved] = await db
    .insert(homeworkSubmissions)
    .values({ ...row, status: 'submitted' })
    .onConflictDoUpdate({
      target: [homeworkSubmissions.lessonId, homeworkSubmissions.studentId],
      set: {
        status: 'submitted',
        comment: row.comment,
        submittedAt: row.submittedAt,
        reviewComment: null,
        reviewedAt: null,
        reviewedBy: null,
        mark: null,
      },
    })
    .returning({ id: homeworkSubmissions.id });
  return saved.id;
}

export async function deleteSubmissionFiles(db: Database, submissionId: number): Promise<number[]> {
  const rows = await db
    .delete(submissionFiles)
    .where(eq(submissionFiles.submissionId, submissionId))
    .returning({ fileId: submissionFiles.fileId });
  return rows.map((row) => row.fileId);
}

export async function insertSubmissionFile(
  db: Database,
  row: { fileId: number; submissionId: number; organizationId: number },
) {
  await db.insert(submissionFiles).values(row);
}

/** The review of a work still waiting for one (or returned); null when it was accepted meanwhile. */
export async function reviewSubmission(
  db: Database,
  id: number,
  review: {
    status: 'accepted' | 'returned';
    mark: number | null;
    comment: string | null;
    by: number;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(homeworkSubmissions)
    .set({
      status: review.status,
      mark: review.mark,
      reviewComment: review.comment,
      reviewedBy: review.by,
      reviewedAt: review.at,
    })
    .where(and(eq(homeworkSubmissions.id, id), ne(homeworkSubmissions.status, 'accepted')))
    .returning({ id: homeworkSubmissions.id });
  return rows.length > 0;
}

/** The login of a pupil (null without one). */
export async function findPupilUser(db: Database, studentId: number) {
  const [row] = await db.select({ userId: students.userId }).from(students).where(eq(students.id, studentId));
  return row?.userId ?? null;
}

/** The parents' logins of a pupil. */
export async function findParentIds(db: Database, studentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: studentParents.parentUserId })
    .from(studentParents)
    .where(eq(studentParents.studentId, studentId));
  return rows.map((row) => row.id);
}

import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  archiveBuilds,
  archiveFiles,
  classes,
  lessons,
  organizations,
  periods,
  users,
} from '../../db/schema';
import type { RunKind } from '../../queue/runs';

const ISO = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const personName = (table: { surname: unknown; name: unknown; patronymic: unknown }) =>
  sql<string | null>`nullif(trim(concat_ws(' ', ${table.surname}, ${table.name}, ${table.patronymic})), '')`;

const builder = alias(users, 'builder');

export const ARCHIVE_JOB = 'archive-year';
export const FAILED_REASON = 'Архив не сформирован из-за ошибки на сервере. Сформируйте его ещё раз.';
export const STOPPED_REASON = 'Сервер остановился, не закончив архив. Сформируйте его ещё раз.';

/** Archive builds as background runs (queue/runs.ts): the table, its job and its Russian reasons. */
export const ARCHIVE_RUN: RunKind<typeof archiveBuilds> = {
  job: ARCHIVE_JOB,
  idKey: 'buildId',
  table: archiveBuilds,
  label: 'Архив',
  alreadyRunning: 'Архив школы уже формируется: дождитесь окончания',
  failedReason: FAILED_REASON,
  lostReason: STOPPED_REASON,
  reason: (text) => ({ error: text }),
};

const buildColumns = {
  id: archiveBuilds.id,
  organization_id: archiveBuilds.organizationId,
  period_id: archiveBuilds.periodId,
  period_name: periods.name,
  academic_year: periods.academicYear,
  status: archiveBuilds.status,
  done: archiveBuilds.done,
  total: archiveBuilds.total,
  error: archiveBuilds.error,
  created_by_name: personName(builder),
  created_at: ISO(archiveBuilds.createdAt),
  finished_at: sql<
    string | null
  >`case when ${archiveBuilds.finishedAt} is null then null else ${ISO(archiveBuilds.finishedAt)} end`,
};

/** Builds matching `where` (the caller's scope is part of it), the latest first. */
export function findBuilds(db: Database, where: SQL | undefined, limit = 1) {
  return db
    .select(buildColumns)
    .from(archiveBuilds)
    .innerJoin(periods, eq(periods.id, archiveBuilds.periodId))
    .leftJoin(builder, eq(builder.id, archiveBuilds.createdBy))
    .where(where)
    .orderBy(desc(archiveBuilds.id))
    .limit(limit);
}

/** A new build, queued, of `total` classes. */
export async function insertBuild(
  db: Database,
  values: { organizationId: number; periodId: number; total: number; createdBy: number },
): Promise<number> {
  const [row] = await db
    .insert(archiveBuilds)
    .values({ ...values, status: 'queued' })
    .returning({ id: archiveBuilds.id });
  return row.id;
}

/** The school's classes of an academic year in the given grades, in register order. */
export function findArchiveClasses(
  db: Database,
  organizationId: number,
  academicYear: string,
  grades: number[],
) {
  return db
    .select({
      id: classes.id,
      number: classes.number,
      letter: classes.letter,
      managerSurname: users.surname,
      managerName: users.name,
      managerPatronymic: users.patronymic,
    })
    .from(classes)
    .leftJoin(users, eq(users.id, classes.managerId))
    .where(
      and(
        eq(classes.organizationId, organizationId),
        eq(classes.academicYear, academicYear),
        grades.length > 0 ? inArray(classes.number, grades) : sql`false`,
      ),
    )
    .orderBy(asc(classes.number), asc(classes.letter));
}

export async function findOrganizationName(db: Database, organizationId: number) {
  const [row] = await db
    .select({ name: organizations.name, shortName: organizations.shortName })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

/**
 * Who gave the lessons of each load between two dates: the lesson's teacher (a replacement's too),
 * each name once per load, by surname.
 */
export async function findLessonTeachers(db: Database, loadIds: number[], from: string, to: string) {
  if (loadIds.length === 0) return [];
  return db
    .selectDistinct({
      loadId: lessons.loadId,
      surname: users.surname,
      name: users.name,
      patronymic: users.patronymic,
    })
    .from(lessons)
    .innerJoin(users, eq(users.id, lessons.teacherId))
    .where(
      and(
        inArray(lessons.loadId, loadIds),
        isNotNull(lessons.teacherId),
        sql`${lessons.date} between ${from}::date and ${to}::date`,
        sql`${lessons.status} <> 'cancelled'`,
      ),
    )
    .orderBy(asc(users.surname), asc(users.name));
}

/** Adds a file to the register and counts its class (or course) done, in one transaction. */
export async function insertFile(db: Database, values: typeof archiveFiles.$inferInsert): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(archiveFiles).values(values);
    await tx
      .update(archiveBuilds)
      .set({ done: sql`${archiveBuilds.done} + 1`, heartbeatAt: sql`now()` })
      .where(eq(archiveBuilds.id, values.buildId));
  });
}

const registerColumns = {
  id: archiveFiles.id,
  build_id: archiveFiles.buildId,
  period_id: archiveFiles.periodId,
  group_id: archiveFiles.classId,
  course_id: archiveFiles.courseId,
  group_name: archiveFiles.groupName,
  title: archiveFiles.title,
  file_name: archiveFiles.fileName,
  size: archiveFiles.size,
  sha256: archiveFiles.sha256,
  pages: archiveFiles.pages,
  created_by_name: personName(users),
  created_at: ISO(archiveFiles.createdAt),
};

/** The register's rows matching `where` (scope and row rule included), newest first; without the bytes. */
export function findRegister(db: Database, where: SQL | undefined) {
  return db
    .select(registerColumns)
    .from(archiveFiles)
    .leftJoin(users, eq(users.id, archiveFiles.createdBy))
    .where(where)
    .orderBy(desc(archiveFiles.createdAt), desc(archiveFiles.id));
}

/** Files with their bytes, matching `where` (scope and row rule included). */
export function findFileContents(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: archiveFiles.id,
      classId: archiveFiles.classId,
      courseId: archiveFiles.courseId,
      fileName: archiveFiles.fileName,
      size: archiveFiles.size,
      sha256: archiveFiles.sha256,
      content: archiveFiles.content,
    })
    .from(archiveFiles)
    .where(where)
    .orderBy(desc(archiveFiles.id));
}

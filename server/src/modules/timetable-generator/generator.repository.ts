import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { classes, generations, students, subgroupMembers, subgroupSets, subgroups } from '../../db/schema';
import type { RunKind } from '../../queue/runs';
import type { SchoolDivision, SchoolGroupSize } from './school-instance';

/** The academic year to generate for: the one asked, else the organization's latest with classes. */
export async function findAcademicYear(
  db: Database,
  organizationId: number,
  asked?: string,
): Promise<string | null> {
  if (asked) return asked;
  const [row] = await db
    .select({ year: classes.academicYear })
    .from(classes)
    .where(eq(classes.organizationId, organizationId))
    .orderBy(desc(classes.academicYear))
    .limit(1);
  return row?.year ?? null;
}

/** Subgroup divisions (one per class and subject) of the given classes. */
export async function findDivisions(db: Database, classIds: number[]): Promise<SchoolDivision[]> {
  if (classIds.length === 0) return [];
  const rows = await db
    .select({ setId: subgroupSets.id, classId: subgroupSets.classId, subgroupId: subgroups.id })
    .from(subgroupSets)
    .innerJoin(subgroups, eq(subgroups.setId, subgroupSets.id))
    .where(inArray(subgroupSets.classId, classIds));
  const bySet = new Map<number, SchoolDivision>();
  for (const row of rows) {
    const d = bySet.get(row.setId) ?? { classId: row.classId, subgroupIds: [] };
    d.subgroupIds.push(row.subgroupId);
    bySet.set(row.setId, d);
  }
  return [...bySet.values()];
}

/**
 * Active pupils of each of the given classes and of each of their subgroups, in one statement: a
 * subgroup counts its members still in the class (a pupil moved to another class is not).
 */
export async function findGroupSizes(
  db: Database,
  organizationId: number,
  classIds: number[],
): Promise<SchoolGroupSize[]> {
  if (classIds.length === 0) return [];
  const active = and(
    eq(students.organizationId, organizationId),
    eq(students.status, 'active'),
    inArray(students.classId, classIds),
  );
  const rows = await unionAll(
    db
      .select({ classId: students.classId, subgroupId: sql<number | null>`null::int`, pupils: count() })
      .from(students)
      .where(active)
      .groupBy(students.classId),
    db
      .select({ classId: students.classId, subgroupId: subgroupMembers.subgroupId, pupils: count() })
      .from(subgroupMembers)
      .innerJoin(subgroupSets, eq(subgroupSets.id, subgroupMembers.setId))
      .innerJoin(
        students,
        and(eq(students.id, subgroupMembers.studentId), eq(students.classId, subgroupSets.classId)),
      )
      .where(active)
      .groupBy(students.classId, subgroupMembers.subgroupId),
  );
  return rows.flatMap(({ classId, subgroupId, pupils }) =>
    classId === null ? [] : [{ classId, subgroupId, pupils }],
  );
}

// ---------------------------------------------------------------- generations (the jobs' state)

export type GenerationRow = typeof generations.$inferSelect;

export const GENERATION_JOB = 'timetable-generation';
export const INSTANCE_LOST_REASON = 'Сервер, выполнявший генерацию, остановился. Запустите генерацию снова';
export const FAILED_REASON =
  'Генерация прервалась из-за внутренней ошибки сервера; результат не сохранён. Запустите генерацию снова';

/** Generations as background runs (queue/runs.ts): the table, its job and its Russian reasons. */
export const GENERATION_RUN: RunKind<typeof generations> = {
  job: GENERATION_JOB,
  idKey: 'generationId',
  table: generations,
  label: 'Генерация',
  alreadyRunning: 'Генерация расписания этой школы уже идёт: дождитесь её или остановите',
  failedReason: FAILED_REASON,
  lostReason: INSTANCE_LOST_REASON,
  reason: (text) => ({ reasons: [text] }),
};

export async function insertGeneration(
  db: Database,
  values: Pick<GenerationRow, 'organizationId' | 'status' | 'input' | 'academicYear' | 'total'> &
    Partial<Pick<GenerationRow, 'reasons' | 'finishedAt'>>,
): Promise<number> {
  const [row] = await db.insert(generations).values(values).returning({ id: generations.id });
  return row.id;
}

export async function findGeneration(db: Database, id: number): Promise<GenerationRow | undefined> {
  const [row] = await db.select().from(generations).where(eq(generations.id, id));
  return row;
}

/** 1 for the queued generation that starts next (of every school: the solvers are shared). */
export async function queuePosition(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({ ahead: count() })
    .from(generations)
    .where(and(eq(generations.status, 'queued'), lte(generations.id, id)));
  return row.ahead;
}

import { ACTIVE_GENERATION_STATUSES } from '@parta/shared/domain/contracts/timetable-generator';
import { and, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { classes, generations, students, subgroupMembers, subgroupSets, subgroups } from '../../db/schema';
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
type GenerationProgress = Pick<
  GenerationRow,
  'placed' | 'total' | 'hardViolations' | 'softCost' | 'teacherGaps' | 'seconds'
>;

const ACTIVE = inArray(generations.status, [...ACTIVE_GENERATION_STATUSES]);

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

/** The school's generation under way (queued or running), if any. */
export async function findActiveGeneration(db: Database, organizationId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.organizationId, organizationId), ACTIVE));
  return row?.id ?? null;
}

/** 1 for the queued generation that starts next (of every school: the solvers are shared). */
export async function queuePosition(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({ ahead: count() })
    .from(generations)
    .where(and(eq(generations.status, 'queued'), lte(generations.id, id)));
  return row.ahead;
}

/** queued → running on `runner`; undefined when it is no longer queued (stopped meanwhile, taken). */
export async function claimGeneration(
  db: Database,
  id: number,
  runner: string,
): Promise<GenerationRow | undefined> {
  const [row] = await db
    .update(generations)
    .set({ status: 'running', runner, startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(generations.id, id), eq(generations.status, 'queued')))
    .returning();
  return row;
}

/**
 * Progress and heartbeat of a running generation on `runner`; answers whether a stop was asked, or
 * null when the row is no longer this runner's (a sweep failed it: the search should end).
 */
export async function writeProgress(
  db: Database,
  id: number,
  runner: string,
  progress: Partial<GenerationProgress>,
): Promise<{ stopRequested: boolean } | null> {
  const [row] = await db
    .update(generations)
    .set({ ...progress, heartbeatAt: sql`now()` })
    .where(and(eq(generations.id, id), eq(generations.status, 'running'), eq(generations.runner, runner)))
    .returning({ stopRequested: generations.stopRequested });
  return row ?? null;
}

/** The final state of a running generation on `runner`; false when it was no longer this runner's. */
export async function finishGeneration(
  db: Database,
  id: number,
  runner: string,
  values: Partial<GenerationProgress> &
    Pick<GenerationRow, 'status' | 'reasons'> &
    Partial<Pick<GenerationRow, 'templateId' | 'figures'>>,
): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ ...values, finishedAt: sql`now()` })
    .where(and(eq(generations.id, id), eq(generations.status, 'running'), eq(generations.runner, runner)))
    .returning({ id: generations.id });
  return rows.length === 1;
}

/** A stop asked from any instance: a queued generation stops at once, a running one at its next heartbeat. */
export async function requestStop(db: Database, id: number): Promise<void> {
  await db
    .update(generations)
    .set({ status: 'stopped', finishedAt: sql`now()` })
    .where(and(eq(generations.id, id), eq(generations.status, 'queued')));
  await db
    .update(generations)
    .set({ stopRequested: true })
    .where(and(eq(generations.id, id), eq(generations.status, 'running')));
}

/** Fails every running generation whose heartbeat is older than `staleSeconds`; answers their ids. */
export async function failStaleGenerations(
  db: Database,
  staleSeconds: number,
  reason: string,
): Promise<number[]> {
  const rows = await db
    .update(generations)
    .set({ status: 'failed', reasons: [reason], finishedAt: sql`now()` })
    .where(
      and(
        eq(generations.status, 'running'),
        lt(generations.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    )
    .returning({ id: generations.id });
  return rows.map((row) => row.id);
}

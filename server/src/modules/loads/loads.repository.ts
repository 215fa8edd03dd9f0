import type { RoomKind } from '@parta/shared/domain/timetable';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { classes, loads, rooms, subgroupSets, subgroups, subjects, users } from '../../db/schema';
import { selectLoads } from './loads.sql';

/** Load lines matching `where` with class, subgroup, subject and teacher, by class and subject. */
/**
 * The line's class is of its school's latest academic year (after «Новый учебный год», the year it
 * opened): the school's lists show this year's load; a closed year's class is still read by its id.
 */
export const ofLatestYear = sql`exists (select 1 from ${classes} c where c.id = ${loads.classId}
  and c.academic_year = (select max(c2.academic_year) from ${classes} c2 where c2.organization_id = c.organization_id))`;

export async function findLoads(db: Database, where: SQL | undefined) {
  const rows = await selectLoads(db)
    .where(where)
    .orderBy(
      asc(classes.number),
      asc(classes.letter),
      asc(subjects.name),
      asc(subgroups.name),
      asc(loads.id),
    );
  return rows;
}

export type LoadRow = Awaited<ReturnType<typeof findLoads>>[number];

export interface LoadValues {
  classId: number;
  subgroupId: number | null;
  subjectId: number;
  teacherId: number | null;
  hoursPerWeek: number;
  /** The generator's flags: undefined keeps the stored value (a change) or takes the default (a new line). */
  roomKind?: RoomKind | null;
  roomId?: number | null;
  pairAllowed?: boolean;
  subgroupsParallel?: boolean;
  /** Taught with marks: undefined keeps the stored value (a change) or takes true (a new line). */
  graded?: boolean;
}

export async function insertLoads(
  db: Database,
  organizationId: number,
  values: LoadValues[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(loads)
    .values(values.map((value) => ({ organizationId, ...value })))
    .returning({ id: loads.id });
  return rows.map((row) => row.id);
}

export async function updateLoad(db: Database, id: number, values: LoadValues) {
  await db.update(loads).set(values).where(eq(loads.id, id));
}

export async function deleteLoad(db: Database, id: number) {
  await db.delete(loads).where(eq(loads.id, id));
}

/** The subgroup when it splits that class for that subject. */
export async function findSubgroupOf(db: Database, subgroupId: number, classId: number, subjectId: number) {
  const [row] = await db
    .select({ id: subgroups.id })
    .from(subgroups)
    .innerJoin(subgroupSets, eq(subgroupSets.id, subgroups.setId))
    .where(
      and(
        eq(subgroups.id, subgroupId),
        eq(subgroupSets.classId, classId),
        eq(subgroupSets.subjectId, subjectId),
      ),
    );
  return row ?? null;
}

/** Subgroups of a class for a subject, in their order (copying the load maps them by position). */
export async function findSubgroupsOfSubject(db: Database, classId: number, subjectIds: number[]) {
  if (subjectIds.length === 0) return [];
  return db
    .select({ id: subgroups.id, subjectId: subgroupSets.subjectId })
    .from(subgroups)
    .innerJoin(subgroupSets, eq(subgroupSets.id, subgroups.setId))
    .where(and(eq(subgroupSets.classId, classId), inArray(subgroupSets.subjectId, subjectIds)))
    .orderBy(asc(subgroups.id));
}

/** A subject of exactly that organization that is not archived. */
export async function findActiveSubject(db: Database, subjectId: number, organizationId: number) {
  const [row] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(
        eq(subjects.id, subjectId),
        eq(subjects.organizationId, organizationId),
        eq(subjects.archived, false),
      ),
    );
  return row ?? null;
}

/** An active user of exactly that organization (a teacher teaches in their own school). */
export async function findStaffMember(db: Database, userId: number, organizationId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId), eq(users.active, true)));
  return row ?? null;
}

/** A room of exactly that organization. */
export async function findRoomOf(db: Database, roomId: number, organizationId: number) {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.organizationId, organizationId)));
  return row ?? null;
}

import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';

import type { Db } from '../../db/client';
import { classes, loads, subgroupSets, subgroups, subjects, users } from '../../db/schema';

/** Load lines matching `where` with class, subgroup, subject and teacher, by class and subject. */
/** A load's subject and teacher (joined as `subjects` and `users`): load lines and timetable slots show them. */
export const loadSubjectTeacherColumns = {
  subject_id: loads.subjectId,
  subject_name: subjects.name,
  teacher_id: loads.teacherId,
  teacherSurname: users.surname,
  teacherName: users.name,
  teacherPatronymic: users.patronymic,
};

/** What a load line carries, with its class, subject, subgroup and teacher (see `selectLoads`). */
export const loadColumns = {
  id: loads.id,
  organization_id: loads.organizationId,
  group_id: loads.classId,
  number: classes.number,
  letter: classes.letter,
  subgroup_id: loads.subgroupId,
  subgroup_name: subgroups.name,
  ...loadSubjectTeacherColumns,
  hours_per_week: loads.hoursPerWeek,
};

/** Load lines joined to what `loadColumns` reads; `extra` adds columns to the same row. */
export function selectLoads<Extra extends SelectedFields = Record<never, never>>(db: Db, extra?: Extra) {
  return db
    .select({ ...loadColumns, ...(extra ?? ({} as Extra)) })
    .from(loads)
    .innerJoin(classes, eq(classes.id, loads.classId))
    .innerJoin(subjects, eq(subjects.id, loads.subjectId))
    .leftJoin(subgroups, eq(subgroups.id, loads.subgroupId))
    .leftJoin(users, eq(users.id, loads.teacherId));
}

export async function findLoads(db: Db, where: SQL | undefined) {
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
}

export async function insertLoads(db: Db, organizationId: number, values: LoadValues[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(loads)
    .values(values.map((value) => ({ organizationId, ...value })))
    .returning({ id: loads.id });
  return rows.map((row) => row.id);
}

export async function updateLoad(db: Db, id: number, values: LoadValues) {
  await db.update(loads).set(values).where(eq(loads.id, id));
}

export async function deleteLoad(db: Db, id: number) {
  await db.delete(loads).where(eq(loads.id, id));
}

/** The subgroup when it splits that class for that subject. */
export async function findSubgroupOf(db: Db, subgroupId: number, classId: number, subjectId: number) {
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
export async function findSubgroupsOfSubject(db: Db, classId: number, subjectIds: number[]) {
  if (subjectIds.length === 0) return [];
  return db
    .select({ id: subgroups.id, subjectId: subgroupSets.subjectId })
    .from(subgroups)
    .innerJoin(subgroupSets, eq(subgroupSets.id, subgroups.setId))
    .where(and(eq(subgroupSets.classId, classId), inArray(subgroupSets.subjectId, subjectIds)))
    .orderBy(asc(subgroups.id));
}

/** A subject of exactly that organization that is not archived. */
export async function findActiveSubject(db: Db, subjectId: number, organizationId: number) {
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
export async function findStaffMember(db: Db, userId: number, organizationId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId), eq(users.active, true)));
  return row ?? null;
}

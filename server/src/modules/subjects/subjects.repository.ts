import { and, asc, count, eq, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lessons, loads, subjects } from '../../db/schema';

const subjectColumns = {
  id: subjects.id,
  organization_id: subjects.organizationId,
  name: subjects.name,
  short_name: subjects.shortName,
  rank: subjects.rank,
  archived: subjects.archived,
};

/** Subjects matching `where` (the caller's scope), active first, by name. */
export function findSubjects(db: Database, where: SQL | undefined) {
  return db
    .select(subjectColumns)
    .from(subjects)
    .where(where)
    .orderBy(asc(subjects.archived), asc(subjects.name), asc(subjects.id));
}

/** Another subject of the organization with that name, if any. */
export async function findSubjectByName(
  db: Database,
  organizationId: number,
  name: string,
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(
        eq(subjects.organizationId, organizationId),
        eq(subjects.name, name),
        exceptId === undefined ? undefined : ne(subjects.id, exceptId),
      ),
    );
  return row ?? null;
}

export async function insertSubject(
  db: Database,
  values: { organizationId: number; name: string; shortName: string | null; rank: number | null },
) {
  const [row] = await db.insert(subjects).values(values).returning(subjectColumns);
  return row;
}

export async function updateSubject(
  db: Database,
  id: number,
  values: Partial<{ name: string; shortName: string | null; rank: number | null; archived: boolean }>,
) {
  const [row] = await db.update(subjects).set(values).where(eq(subjects.id, id)).returning(subjectColumns);
  return row;
}

/** Whether the load or any dated lesson uses the subject (then it is archived, not deleted). */
export async function isSubjectUsed(db: Database, id: number): Promise<boolean> {
  const [[load], [dated]] = await Promise.all([
    db.select({ total: count() }).from(loads).where(eq(loads.subjectId, id)),
    db.select({ total: count() }).from(lessons).where(eq(lessons.subjectId, id)),
  ]);
  return Number(load.total) + Number(dated.total) > 0;
}

export async function deleteSubject(db: Database, id: number) {
  await db.delete(subjects).where(eq(subjects.id, id));
}

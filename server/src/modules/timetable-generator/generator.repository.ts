import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { classes, loads, subgroupSets, subgroups } from '../../db/schema';
import type { SchoolDivision } from './school-instance';

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

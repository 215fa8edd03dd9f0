import { groupName, shortName } from '@parta/shared/domain/names';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database as Db } from '../../db/client';
import { classes, loads, subgroupSets, subgroups } from '../../db/schema';
import { findLoads } from '../loads/loads.repository';
import type { SchoolDivision, SchoolLoadLine } from './school-instance';

/** The academic year to generate for: the one asked, else the organization's latest with classes. */
export async function findAcademicYear(
  db: Db,
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

/** Every load line of the organization's classes of one academic year. */
export async function findSchoolLoad(
  db: Db,
  organizationId: number,
  academicYear: string,
): Promise<SchoolLoadLine[]> {
  const rows = await findLoads(
    db,
    and(eq(loads.organizationId, organizationId), eq(classes.academicYear, academicYear)),
  );
  return rows
    .filter((row) => row.hours_per_week > 0)
    .map((row) => ({
      id: row.id,
      classId: row.group_id,
      className: groupName({ number: row.number, letter: row.letter }),
      grade: row.number,
      subgroupId: row.subgroup_id,
      subjectId: row.subject_id,
      subjectName: row.subject_name,
      teacherId: row.teacher_id,
      teacherName: row.teacher_id
        ? shortName({
            surname: row.teacherSurname ?? '',
            name: row.teacherName ?? '',
            patronymic: row.teacherPatronymic,
          })
        : null,
      hours: Number(row.hours_per_week),
    }));
}

/** Subgroup divisions (one per class and subject) of the given classes. */
export async function findDivisions(db: Db, classIds: number[]): Promise<SchoolDivision[]> {
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

import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { type ScopedActor, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import {
  classes,
  lessons,
  loads,
  organizations,
  periods,
  roles,
  students,
  subgroupMembers,
  subgroupSets,
  subgroups,
  subjects,
  timetableSlots,
  userRoles,
  users,
} from '../../db/schema';

/** Role codes whose holders may teach and manage a class. */
const TEACHER_ROLE_CODES = ['teacher', 'class_teacher'];

const personColumns = {
  id: users.id,
  surname: users.surname,
  name: users.name,
  patronymic: users.patronymic,
};

export type GroupRow = Awaited<ReturnType<typeof findGroups>>[number];

/** Classes in the caller's scope (or one organization of it) with managers and active student counts, 1А … 11Б. */
export async function findGroups(
  db: Database,
  scope: ScopedActor,
  filter: { organizationId?: number; id?: number },
) {
  const rows = await db
    .select({
      id: classes.id,
      organizationId: classes.organizationId,
      organizationName: organizations.shortName,
      number: classes.number,
      letter: classes.letter,
      academicYear: classes.academicYear,
      managerId: classes.managerId,
      managerSurname: users.surname,
      managerName: users.name,
      managerPatronymic: users.patronymic,
    })
    .from(classes)
    .innerJoin(organizations, eq(organizations.id, classes.organizationId))
    .leftJoin(users, eq(users.id, classes.managerId))
    .where(
      and(
        scopeFilter(scope, classes.organizationId, filter.organizationId),
        // The list is of the school's current year (after «Новый учебный год», the classes it made);
        // a closed year's class is still found by id (its journal, archive and pupils' history).
        filter.id === undefined
          ? sql`${classes.academicYear} = (select max(c2.academic_year) from ${classes} c2
                 where c2.organization_id = ${classes.organizationId})`
          : eq(classes.id, filter.id),
      ),
    )
    .orderBy(asc(classes.organizationId), asc(classes.number), asc(classes.letter), asc(classes.id));
  const counts = await countActiveStudents(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, studentsCount: counts.get(row.id) ?? 0 }));
}

async function countActiveStudents(db: Database, classIds: number[]): Promise<Map<number, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .select({ classId: students.classId, total: count() })
    .from(students)
    .where(and(inArray(students.classId, classIds), eq(students.status, 'active')))
    .groupBy(students.classId);
  return new Map(rows.map((row) => [row.classId!, Number(row.total)]));
}

/** Active users holding a teacher role in the caller's scope (or one organization of it). */
export async function findTeachers(db: Database, scope: ScopedActor, organizationId?: number) {
  return db
    .selectDistinct(personColumns)
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        scopeFilter(scope, userRoles.organizationId, organizationId),
        inArray(roles.code, TEACHER_ROLE_CODES),
        eq(users.active, true),
      ),
    )
    .orderBy(asc(users.surname), asc(users.name), asc(users.id));
}

/** Whether the user teaches in exactly that organization (a class manager must). */
export async function isTeacherOf(db: Database, userId: number, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(users.id, userId),
        eq(userRoles.organizationId, organizationId),
        inArray(roles.code, TEACHER_ROLE_CODES),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function findPeriods(db: Database, scope: ScopedActor, organizationId?: number) {
  return db
    .select({
      id: periods.id,
      name: periods.name,
      kind: periods.kind,
      start_date: periods.startDate,
      end_date: periods.endDate,
    })
    .from(periods)
    .where(scopeFilter(scope, periods.organizationId, organizationId))
    .orderBy(asc(periods.startDate), asc(periods.id));
}

/** Another class with the same number and letter in that organization and year, if any. */
export async function findDuplicateGroup(
  db: Database,
  values: { organizationId: number; academicYear: string; number: number; letter: string },
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.organizationId, values.organizationId),
        eq(classes.academicYear, values.academicYear),
        eq(classes.number, values.number),
        eq(classes.letter, values.letter),
        exceptId === undefined ? undefined : ne(classes.id, exceptId),
      ),
    );
  return row ?? null;
}

/** The academic year most classes of the organization carry (the current one in a live school). */
export async function findLatestAcademicYear(db: Database, organizationId: number): Promise<string | null> {
  const [row] = await db
    .select({ academicYear: classes.academicYear })
    .from(classes)
    .where(eq(classes.organizationId, organizationId))
    .orderBy(sql`${classes.academicYear} desc`)
    .limit(1);
  return row?.academicYear ?? null;
}

export async function insertGroup(
  db: Database,
  values: {
    organizationId: number;
    academicYear: string;
    number: number;
    letter: string;
    managerId: number | null;
  },
) {
  const [row] = await db.insert(classes).values(values).returning({ id: classes.id });
  return row.id;
}

export async function updateGroup(
  db: Database,
  id: number,
  values: { academicYear: string; number: number; letter: string; managerId: number | null },
) {
  await db.update(classes).set(values).where(eq(classes.id, id));
}

/** What still refers to a class: a class with any of these is kept (nothing a school enters is lost). */
export async function countGroupDependents(db: Database, id: number) {
  const [[active], [left], [load], [slots], [dated]] = await Promise.all([
    db
      .select({ total: count() })
      .from(students)
      .where(and(eq(students.classId, id), eq(students.status, 'active'))),
    db
      .select({ total: count() })
      .from(students)
      .where(and(eq(students.classId, id), eq(students.status, 'left'))),
    db.select({ total: count() }).from(loads).where(eq(loads.classId, id)),
    db.select({ total: count() }).from(timetableSlots).where(eq(timetableSlots.classId, id)),
    db.select({ total: count() }).from(lessons).where(eq(lessons.classId, id)),
  ]);
  return {
    activeStudents: Number(active.total),
    leftStudents: Number(left.total),
    loads: Number(load.total),
    timetable: Number(slots.total) + Number(dated.total),
  };
}

export async function deleteGroup(db: Database, id: number) {
  await db.delete(classes).where(eq(classes.id, id));
}

export async function findGroupStudents(db: Database, classId: number) {
  return db
    .select({
      id: students.id,
      surname: students.surname,
      name: students.name,
      patronymic: students.patronymic,
      birth_date: students.birthDate,
      status: students.status,
    })
    .from(students)
    .where(eq(students.classId, classId))
    .orderBy(asc(students.status), asc(students.surname), asc(students.name), asc(students.id));
}

// ---------------------------------------------------------------- subgroups

export async function findSubjects(db: Database, organizationId: number) {
  return db
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(eq(subjects.organizationId, organizationId))
    .orderBy(asc(subjects.name));
}

/** Every split of the class with its subgroups and their members. */
export async function findSubgroupSets(db: Database, classId: number) {
  const sets = await db
    .select({ id: subgroupSets.id, subjectId: subgroupSets.subjectId, subjectName: subjects.name })
    .from(subgroupSets)
    .innerJoin(subjects, eq(subjects.id, subgroupSets.subjectId))
    .where(eq(subgroupSets.classId, classId))
    .orderBy(asc(subjects.name));
  if (sets.length === 0) return [];
  const setIds = sets.map((set) => set.id);
  const [groupRows, memberRows] = await Promise.all([
    db
      .select({ id: subgroups.id, setId: subgroups.setId, name: subgroups.name })
      .from(subgroups)
      .where(inArray(subgroups.setId, setIds))
      .orderBy(asc(subgroups.id)),
    db
      .select({ subgroupId: subgroupMembers.subgroupId, studentId: subgroupMembers.studentId })
      .from(subgroupMembers)
      .where(inArray(subgroupMembers.setId, setIds)),
  ]);
  return sets.map((set) => ({
    id: set.id,
    subject_id: set.subjectId,
    subject_name: set.subjectName,
    subgroups: groupRows
      .filter((subgroup) => subgroup.setId === set.id)
      .map((subgroup) => ({
        id: subgroup.id,
        name: subgroup.name,
        student_ids: memberRows
          .filter((member) => member.subgroupId === subgroup.id)
          .map((member) => member.studentId),
      })),
  }));
}

/**
 * Replaces the split of a class for one subject, keeping subgroup ids where the position is kept
 * (the load and the timetable refer to subgroups by id).
 */
export async function replaceSubgroupSet(
  db: Database,
  values: { organizationId: number; classId: number; subjectId: number },
  input: { name: string; student_ids: number[] }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    let [set] = await tx
      .select({ id: subgroupSets.id })
      .from(subgroupSets)
      .where(and(eq(subgroupSets.classId, values.classId), eq(subgroupSets.subjectId, values.subjectId)));
    if (!set) {
      [set] = await tx.insert(subgroupSets).values(values).returning({ id: subgroupSets.id });
    }
    const existing = await tx
      .select({ id: subgroups.id })
      .from(subgroups)
      .where(eq(subgroups.setId, set.id))
      .orderBy(asc(subgroups.id));
    await tx.delete(subgroupMembers).where(eq(subgroupMembers.setId, set.id));
    const ids: number[] = [];
    for (const [index, subgroup] of input.entries()) {
      const kept = existing[index];
      if (kept) {
        await tx.update(subgroups).set({ name: subgroup.name }).where(eq(subgroups.id, kept.id));
        ids.push(kept.id);
      } else {
        const [created] = await tx
          .insert(subgroups)
          .values({ organizationId: values.organizationId, setId: set.id, name: subgroup.name })
          .returning({ id: subgroups.id });
        ids.push(created.id);
      }
    }
    const removed = existing.slice(input.length).map((row) => row.id);
    if (removed.length > 0) await tx.delete(subgroups).where(inArray(subgroups.id, removed));
    const members = input.flatMap((subgroup, index) =>
      subgroup.student_ids.map((studentId) => ({
        organizationId: values.organizationId,
        setId: set.id,
        subgroupId: ids[index],
        studentId,
      })),
    );
    if (members.length > 0) await tx.insert(subgroupMembers).values(members);
  });
}

export async function deleteSubgroupSet(db: Database, classId: number, subjectId: number): Promise<boolean> {
  const deleted = await db
    .delete(subgroupSets)
    .where(and(eq(subgroupSets.classId, classId), eq(subgroupSets.subjectId, subjectId)))
    .returning({ id: subgroupSets.id });
  return deleted.length > 0;
}

/** Subgroups of a split that the load or the timetable already use (deleting them would cascade). */
export async function countSubgroupUsage(db: Database, classId: number, subjectId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(loads)
    .innerJoin(subgroups, eq(subgroups.id, loads.subgroupId))
    .innerJoin(subgroupSets, eq(subgroupSets.id, subgroups.setId))
    .where(and(eq(subgroupSets.classId, classId), eq(subgroupSets.subjectId, subjectId)));
  return Number(row?.total ?? 0);
}

/** Active students of the class (the ones a split may hold). */
export async function findActiveStudentIds(db: Database, classId: number): Promise<number[]> {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.classId, classId), eq(students.status, 'active')));
  return rows.map((row) => row.id);
}

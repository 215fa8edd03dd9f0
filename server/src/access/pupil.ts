import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { studentParents, students, subgroupMembers } from '../db/schema';

/**
 * The subgroups of the selected student row. The student's id is written qualified by hand: a
 * column inside a select's sql renders unqualified (`"id"`), which in this subquery would be
 * subgroup_members' own id, and every pupil came out in no subgroup (their subgroup lessons lost).
 */
const subgroupsOfStudent = sql<number[]>`array(select ${subgroupMembers.subgroupId} from ${subgroupMembers}
  where ${subgroupMembers.studentId} = ${sql.identifier('students')}.${sql.identifier('id')})`;

/** A signed-in pupil's own record: the active student behind the login, their class and subgroups. */
export interface OwnPupil {
  id: number;
  classId: number | null;
  subgroupIds: number[];
}

/**
 * "The user is a pupil": the active student record whose login `userId` is, else null (staff,
 * parents). One answer for every service that shows a pupil their own lessons or marks.
 */
export async function findOwnPupil(db: Database, userId: number): Promise<OwnPupil | null> {
  // One round trip: every dashboard load of every user asks this first.
  const [student] = await db
    .select({
      id: students.id,
      classId: students.classId,
      subgroupIds: subgroupsOfStudent,
    })
    .from(students)
    .where(and(eq(students.userId, userId), eq(students.status, 'active')))
    .limit(1);
  if (!student) return null;
  return { id: student.id, classId: student.classId, subgroupIds: student.subgroupIds.map(Number) };
}

/** A parent's child as the parent's screens show them: the pupil's record and name. */
export interface ParentChild extends OwnPupil {
  surname: string;
  name: string;
}

/**
 * The active children of the parent whose login `userId` is (within `scope`, the caller's schools),
 * by surname and name; empty for anyone who is no one's parent.
 */
export async function findParentChildren(db: Database, userId: number, scope?: SQL): Promise<ParentChild[]> {
  const rows = await db
    .select({
      id: students.id,
      classId: students.classId,
      surname: students.surname,
      name: students.name,
      subgroupIds: subgroupsOfStudent,
    })
    .from(studentParents)
    .innerJoin(students, eq(students.id, studentParents.studentId))
    .where(and(eq(studentParents.parentUserId, userId), eq(students.status, 'active'), scope))
    .orderBy(asc(students.surname), asc(students.name), asc(students.id));
  return rows.map((row) => ({ ...row, subgroupIds: row.subgroupIds.map(Number) }));
}

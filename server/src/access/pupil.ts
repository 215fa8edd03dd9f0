import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { students, subgroupMembers } from '../db/schema';

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
      subgroupIds: sql<number[]>`array(select ${subgroupMembers.subgroupId} from ${subgroupMembers}
                                        where ${subgroupMembers.studentId} = ${students.id})`,
    })
    .from(students)
    .where(and(eq(students.userId, userId), eq(students.status, 'active')))
    .limit(1);
  if (!student) return null;
  return { id: student.id, classId: student.classId, subgroupIds: student.subgroupIds.map(Number) };
}

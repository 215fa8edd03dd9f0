import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { absentThreeDays, averageTrends, noMarksForThreeWeeks } from '../journal/journal.sql';

/** A pupil of a class, as a warning names them. */
interface PupilRow {
  student_id: number;
  surname: string;
  name: string;
  class_id: number;
  grade: number;
  letter: string;
}

/**
 * Active pupils of a school absent from every lesson of their class (cancelled and subgroup lessons
 * aside) on each of the class's last three school days before `date` (days with lessons of the
 * class, within the last 30 days).
 */
export function findAbsentThreeDays(db: Database, organizationId: number, date: string) {
  return rowsOf<PupilRow & { days: string[] }>(db, absentThreeDays(organizationId, date));
}

/**
 * Per active pupil and subject: the weighted sums of the term's marks up to `date` (excluded) and up
 * to two weeks before it, for the rule «the average fell below 3,0 or by 0,5 in two weeks».
 */
export function findAverageTrends(db: Database, organizationId: number, date: string) {
  return rowsOf<
    PupilRow & {
      subject_name: string;
      sum_now: number | null;
      weight_now: number | null;
      sum_before: number | null;
      weight_before: number | null;
    }
  >(db, averageTrends(organizationId, date));
}

/**
 * Active pupils with no mark in a graded subject of their class for three weeks: the term began at
 * least 21 days before `date`, the pupil had at least two lessons of it in those 21 days (a subgroup's
 * lessons only for its members), and none of the pupil's marks of it is from them.
 */
export function findNoMarks(db: Database, organizationId: number, date: string) {
  return rowsOf<PupilRow & { subject_name: string; last_mark: string | null }>(
    db,
    noMarksForThreeWeeks(organizationId, date),
  );
}

/** Who reads a school's warnings: each class's class teacher (its own class) and the школы завучи (all). */
export function findWarningReaders(db: Database, organizationId: number) {
  return rowsOf<{ user_id: number; class_id: number | null }>(
    db,
    sql`select c.manager_id as user_id, c.id as class_id
          from classes c join users u on u.id = c.manager_id and u.active
         where c.organization_id = ${organizationId}
        union
        select u.id as user_id, null as class_id
          from user_roles ur
          join roles r on r.id = ur.role_id and r.code = 'deputy'
          join users u on u.id = ur.user_id and u.active
         where ur.organization_id = ${organizationId}`,
  );
}

import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { classes, loads, rooms, subgroups, subjects, users } from '../../db/schema';

/*
 * SQL pieces of the loads module that other modules' repositories compose into their own statements
 * (a module's `<area>.sql.ts` runs nothing itself; its repository stays private).
 */

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
const loadColumns = {
  id: loads.id,
  organization_id: loads.organizationId,
  group_id: loads.classId,
  number: classes.number,
  letter: classes.letter,
  subgroup_id: loads.subgroupId,
  subgroup_name: subgroups.name,
  ...loadSubjectTeacherColumns,
  hours_per_week: loads.hoursPerWeek,
  room_kind: loads.roomKind,
  room_id: loads.roomId,
  room_name: rooms.name,
  pair_allowed: loads.pairAllowed,
  subgroups_parallel: loads.subgroupsParallel,
  graded: loads.graded,
};

/** Load lines joined to what `loadColumns` reads; `extra` adds columns to the same row. */
export function selectLoads<Extra extends SelectedFields = Record<never, never>>(
  db: Database,
  extra?: Extra,
) {
  return db
    .select({ ...loadColumns, ...(extra ?? ({} as Extra)) })
    .from(loads)
    .innerJoin(classes, eq(classes.id, loads.classId))
    .innerJoin(subjects, eq(subjects.id, loads.subjectId))
    .leftJoin(subgroups, eq(subgroups.id, loads.subgroupId))
    .leftJoin(users, eq(users.id, loads.teacherId))
    .leftJoin(rooms, eq(rooms.id, loads.roomId));
}

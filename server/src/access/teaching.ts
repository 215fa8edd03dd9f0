import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Actor } from '../plugins/auth';

/**
 * "Teaches this load": the row rule of everything a teacher writes about their lessons (journal
 * cells, final marks, КТП plans). The actor teaches a load when they are its teacher or the teacher
 * of the lesson (a replacement); holding `loads.edit` (завуч, директор) counts as teaching every load
 * of the scope. This file is the rule's only definition: the SQL fragment below is what the writing
 * statements and the refusal's explanation both evaluate, and `teaches` is the same test on teacher
 * ids already read.
 */
export interface TeachingActor {
  userId: number;
  /** Holds loads.edit: teaches every load of the scope. */
  everyLoad: boolean;
}

export function teachingActor(actor: Actor): TeachingActor {
  return { userId: actor.userId, everyLoad: actor.permissions.has('loads.edit') };
}

/**
 * The rule as a SQL condition over the teacher columns of the row (`lessons.teacher_id`,
 * `loads.teacher_id`, …). `who` may hold values or placeholders of a prepared statement.
 */
export function teachesSql(
  who: { userId: number | SQLWrapper; everyLoad: boolean | SQLWrapper },
  teacherColumns: SQLWrapper[],
): SQL {
  // coalesce: a null column (no load teacher, a replaced lesson) makes `in` null, not false.
  return sql`coalesce(${who.everyLoad}::boolean or ${who.userId}::int in (${sql.join(teacherColumns, sql`, `)}), false)`;
}

/** The rule over teacher ids already read (the load's, the lesson's): the same test as `teachesSql`. */
export function teaches(who: TeachingActor, teacherIds: readonly (number | null)[]): boolean {
  return who.everyLoad || teacherIds.includes(who.userId);
}

/**
 * The load's teacher as a teacher of one lesson: nobody when the lesson is given by a replacement
 * (status `replaced`), so the replacement writes its journal and the absent teacher does not.
 */
export function loadTeacherOfLesson(lessonStatus: SQLWrapper, loadTeacher: SQLWrapper): SQL {
  return sql`(case when ${lessonStatus} = 'replaced' then null else ${loadTeacher} end)`;
}

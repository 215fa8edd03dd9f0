import { type SQL, sql } from 'drizzle-orm';
import { classEnrollments, students } from '../../db/schema';

/**
 * The pupil (a `students` row, `student` its alias or the table) is on the roster of the class:
 * an active pupil whose class it is, or, for a class of a closed year, one who sat in it when the
 * year closed (`class_enrollments`, written by «Новый учебный год»: the pupils have moved up or
 * graduated since). The closed year's journals, final marks and reports read their pupils so.
 */
export function onClassRoster(classId: SQL, student: SQL = sql`${students}`): SQL {
  return sql`((${student}.class_id = ${classId} and ${student}.status = 'active') or exists (
    select 1 from ${classEnrollments} ce where ce.class_id = ${classId} and ce.student_id = ${student}.id))`;
}

/**
 * The same roster as `onClassRoster`, as a subquery of pupil ids (`student.id in (…)`): PostgreSQL
 * reads it off the class's indexes, where the `or exists` form scans every pupil of the database
 * (the journal grid, opened all day, reads its roster so).
 */
export function classRosterIds(classId: SQL): SQL {
  return sql`(select ${students.id} from ${students} where ${students.classId} = ${classId} and ${students.status} = 'active'
    union select ce.student_id from ${classEnrollments} ce where ce.class_id = ${classId})`;
}

/**
 * The pupil's classes of closed years (the classes they sat in when each year closed), as a
 * subquery of class ids: with the pupil's class now, their whole history (the diary reads old weeks so).
 */
export function closedYearClassesOf(studentId: number): SQL {
  return sql`(select ce.class_id from ${classEnrollments} ce where ce.student_id = ${studentId})`;
}

/**
 * The pupils of a lesson (`id`, `user_id`): the class's, or only the subgroup's when the lesson is a
 * subgroup's — a subquery the notices of a lesson compose.
 */
export function pupilsOfLesson(lesson: {
  organization_id: number;
  class_id: number;
  subgroup_id: number | null;
}): SQL {
  return lesson.subgroup_id === null
    ? sql`select s.id, s.user_id from students s
             where s.class_id = ${lesson.class_id} and s.organization_id = ${lesson.organization_id}`
    : sql`select s.id, s.user_id from students s
              join subgroup_members m on m.student_id = s.id and m.subgroup_id = ${lesson.subgroup_id}
             where s.class_id = ${lesson.class_id} and s.organization_id = ${lesson.organization_id}`;
}

/** A lesson's day and school (`organization_id`, `date`) with the pupil's `surname` and `name`, when the pupil is of the lesson's school. */
export function pupilOfLesson(lessonId: number, studentId: number): SQL {
  return sql`select l.organization_id, l.date::text as date, s.surname, s.name
          from lessons l join students s on s.id = ${studentId} and s.organization_id = l.organization_id
         where l.id = ${lessonId}`;
}

/** The active parent accounts (`id`) linked to a pupil in the school. */
export function activeParentsOf(organizationId: number, studentId: number): SQL {
  return sql`select u.id from student_parents sp join users u on u.id = sp.parent_user_id
         where sp.student_id = ${studentId} and sp.organization_id = ${organizationId} and u.active
         order by u.id`;
}

/** The active parent accounts linked to any of `studentIds` (non-empty) in the school: `parent_id`, `student_id`. */
export function activeParentLinks(organizationId: number, studentIds: number[]): SQL {
  return sql`select u.id as parent_id, sp.student_id from student_parents sp join users u on u.id = sp.parent_user_id
         where sp.organization_id = ${organizationId} and u.active
           and sp.student_id = any(${`{${studentIds.join(',')}}`}::int[])`;
}

/** The active accounts (`id`) of a lesson's pupils (`pupilsOfLesson`) and of their parents in the lesson's school. */
export function familiesOfLesson(lesson: {
  organization_id: number;
  class_id: number;
  subgroup_id: number | null;
}): SQL {
  return sql`with pupils as (${pupilsOfLesson(lesson)})
        select u.id from users u
         where u.active and (u.id in (select user_id from pupils)
           or u.id in (select sp.parent_user_id from student_parents sp
                        where sp.organization_id = ${lesson.organization_id}
                          and sp.student_id in (select id from pupils)))
         order by u.id`;
}

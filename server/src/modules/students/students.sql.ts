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
 * The pupil's class now and their classes of closed years as one array (`int[]`), for
 * `class_id = any(…)`: computed once, it reads `lessons (class_id, date)`; «class_id = X or class_id
 * in (subquery)» cannot, and scanned every lesson of the database in the dates (a pupil's diary week
 * at a 1,000-school region: no answer within 8 s).
 */
export function pupilClassIds(studentId: number, classId: number): SQL {
  return sql`array(select ${classId}::int union ${closedYearClassesOf(studentId)})`;
}

// ---------------------------------------------------------------- pieces other modules compose

/** How many active pupils the class has now, as a scalar subquery (`int`). */
export function activePupilCount(classId: SQL): SQL {
  return sql`(select count(*) from students s where s.class_id = ${classId} and s.status = 'active')::int`;
}

/** Whether the pupil (an id) is active, as a condition (a subgroup's members copied to the next year). */
export function isActivePupil(studentId: SQL): SQL {
  return sql`exists (select 1 from students s where s.id = ${studentId} and s.status = 'active')`;
}

/**
 * Accounts a graduation of the classes (a Postgres array literal of ids) closes: the graduates' own
 * (active) and their parents' who have no other active child in any school. One row: pupils, parents.
 */
export function closingAccountsSql(classIds: string): SQL {
  return sql`with graduates as (
          select id, user_id from students where class_id = any(${classIds}::int[]) and status = 'active')
        select (select count(*) from graduates g join users u on u.id = g.user_id and u.active)::int as pupils,
               (select count(distinct sp.parent_user_id) from student_parents sp
                  join graduates g on g.id = sp.student_id
                  join users u on u.id = sp.parent_user_id and u.active
                 where not exists (select 1 from student_parents other
                                     join students s on s.id = other.student_id and s.status = 'active'
                                    where other.parent_user_id = sp.parent_user_id
                                      and s.id not in (select id from graduates)))::int as parents`;
}

/** The year's rosters kept: each active pupil of the school's classes of `year` in `class_enrollments`. */
export function keepRostersSql(organizationId: number, year: string): SQL {
  return sql`
    insert into class_enrollments (organization_id, class_id, student_id)
    select s.organization_id, s.class_id, s.id
      from students s join classes c on c.id = s.class_id
     where c.organization_id = ${organizationId} and c.academic_year = ${year} and s.status = 'active'
    on conflict (class_id, student_id) do nothing`;
}

/** The active pupils of each old class moved to its new one (`moved`: JSON of {old_id, new_id}). */
export function movePupilsSql(moved: string): SQL {
  return sql`
    update students s set class_id = m.new_id
      from json_to_recordset(${moved}::json) as m(old_id int, new_id int)
     where s.class_id = m.old_id and s.status = 'active'`;
}

/** The classes' active pupils leave (status 'left' on `leftAt`, class kept), answering id, user_id. */
export function graduatePupilsSql(classIds: string, leftAt: string): SQL {
  return sql`update students set status = 'left', left_at = ${leftAt}::date
         where class_id = any(${classIds}::int[]) and status = 'active'
        returning id, user_id`;
}

/** The parents of the pupils (an array literal of ids) left without an active child: accounts closed. */
export function closeChildlessParentsSql(studentIds: string): SQL {
  return sql`
    update users u set active = false
     where u.kind = 'parent' and u.active
       and exists (select 1 from student_parents sp where sp.parent_user_id = u.id
                     and sp.student_id = any(${studentIds}::int[]))
       and not exists (select 1 from student_parents sp join students s on s.id = sp.student_id
                        where sp.parent_user_id = u.id and s.status = 'active')`;
}

/**
 * The academic year a closed account's owner graduated in: a pupil's own graduation (left with a
 * class of the last grade of a closed year), or for a parent the latest of their children's, when
 * no child of theirs is active. Rows: academic_year, own.
 */
export function graduationOfUserSql(userId: number): SQL {
  return sql`with graduated as (
          select s.id, s.user_id, c.academic_year from students s
            join classes c on c.id = s.class_id
            join closed_years cy on cy.organization_id = c.organization_id and cy.academic_year = c.academic_year
           where s.status = 'left'
             and c.number >= (select max(g) from periods p cross join lateral unnest(p.grades) g
                               where p.organization_id = c.organization_id and p.academic_year = c.academic_year))
        select academic_year, true as own from graduated where user_id = ${userId}
        union all
        select g.academic_year, false from graduated g join student_parents sp on sp.student_id = g.id
         where sp.parent_user_id = ${userId}
           and not exists (select 1 from student_parents other join students s on s.id = other.student_id
                            where other.parent_user_id = ${userId} and s.status = 'active')
        order by own desc, academic_year desc
        limit 1`;
}

/**
 * `join students <alias> on <alias>.id = <studentId>` (and `extra`, a condition on the pupil): the
 * pupil a row names (a mark, a cell being saved).
 */
export function joinStudent(alias: string, studentId: SQL, extra?: SQL): SQL {
  const st = sql.raw(alias);
  return extra
    ? sql`join students ${st} on ${st}.id = ${studentId} and ${extra}`
    : sql`join students ${st} on ${st}.id = ${studentId}`;
}

/**
 * A class's roster (or one subgroup's when `subgroupId` is not null) as a JSON array in register order
 * (id, surname, name, patronymic): the journal grid's rows.
 */
export function rosterJson(classId: SQL, subgroupId: SQL): SQL {
  return sql`(
        select coalesce(json_agg(json_build_object('id', s.id, 'surname', s.surname, 'name', s.name,
                                                   'patronymic', s.patronymic)
                                 order by s.surname, s.name, s.patronymic, s.id), '[]'::json)
          from students s
         where s.id in ${classRosterIds(classId)}
           and (${subgroupId} is null or exists (
                 select 1 from subgroup_members sm where sm.student_id = s.id and sm.subgroup_id = ${subgroupId})))`;
}

/** The active pupils of the ids (an array parameter) with their class and subgroups, as a JSON array. */
export function studentPlacesJson(studentIds: SQL): SQL {
  return sql`(
        select coalesce(json_agg(json_build_object('id', s.id, 'classId', s.class_id, 'subgroupIds', array(
                 select sm.subgroup_id from subgroup_members sm where sm.student_id = s.id))), '[]'::json)
          from students s
         where s.id = any(${studentIds}::int[]) and s.status = 'active')`;
}

/**
 * The pupils a parent account is linked to, by surname and name; `scope` is a condition on
 * `students.organization_id`. Rows: id.
 */
export function childrenOfParentSql(parentUserId: number, scope: SQL): SQL {
  return sql`select students.id from student_parents sp join students on students.id = sp.student_id
         where sp.parent_user_id = ${parentUserId} and ${scope}
         order by students.surname, students.name`;
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

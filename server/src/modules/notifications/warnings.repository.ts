import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

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
 * `term.start_date`: the start of the shortest period (a term, not the year) of the class `c` that
 * holds the day before `date`; a pupil of a class with no such period is left out.
 */
function termOfClass(organizationId: number, date: string) {
  return sql`join lateral (
      select pr.start_date from periods pr
       where pr.organization_id = ${organizationId} and pr.kind <> 'year' and c.number = any(pr.grades)
         and ${date}::date - 1 between pr.start_date and pr.end_date
       order by pr.end_date - pr.start_date limit 1) term on true`;
}

/**
 * Active pupils of a school absent from every lesson of their class (cancelled and subgroup lessons
 * aside) on each of the class's last three school days before `date` (days with lessons of the
 * class, within the last 30 days).
 */
export function findAbsentThreeDays(db: Database, organizationId: number, date: string) {
  return rowsOf<PupilRow & { days: string[] }>(
    db,
    sql`with class_days as (
          select class_id, date,
                 row_number() over (partition by class_id order by date desc) as n
            from (select distinct l.class_id, l.date from lessons l
                   where l.organization_id = ${organizationId} and l.status <> 'cancelled'
                     and l.subgroup_id is null and l.class_id is not null
                     and l.date < ${date}::date and l.date >= ${date}::date - 30) d
        ),
        absent_days as (
          select s.id as student_id, d.class_id, d.date
            from class_days d
            join students s on s.class_id = d.class_id and s.status = 'active'
                           and s.organization_id = ${organizationId}
           where d.n <= 3
             and not exists (
               select 1 from lessons l
                where l.class_id = d.class_id and l.date = d.date and l.status <> 'cancelled'
                  and l.subgroup_id is null
                  and not exists (select 1 from attendance a where a.lesson_id = l.id and a.student_id = s.id))
        )
        select s.id as student_id, s.surname, s.name, c.id as class_id, c.number as grade, c.letter,
               array_agg(to_char(a.date, 'YYYY-MM-DD') order by a.date) as days
          from absent_days a
          join students s on s.id = a.student_id
          join classes c on c.id = a.class_id
         group by s.id, s.surname, s.name, c.id, c.number, c.letter
        having count(*) = 3
         order by c.number, c.letter, s.surname, s.name, s.id`,
  );
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
  >(
    db,
    sql`select s.id as student_id, s.surname, s.name, c.id as class_id, c.number as grade, c.letter,
               sb.name as subject_name,
               sum(m.value::int * m.weight)::float8 as sum_now,
               sum(m.weight)::float8 as weight_now,
               (sum(m.value::int * m.weight) filter (where l.date < ${date}::date - 14))::float8 as sum_before,
               (sum(m.weight) filter (where l.date < ${date}::date - 14))::float8 as weight_before
          from students s
          join classes c on c.id = s.class_id
          ${termOfClass(organizationId, date)}
          join marks m on m.student_id = s.id
          join lessons l on l.id = m.lesson_id
          join subjects sb on sb.id = l.subject_id
         where s.organization_id = ${organizationId} and s.status = 'active'
           and l.date >= term.start_date and l.date < ${date}::date
         group by s.id, s.surname, s.name, c.id, c.number, c.letter, sb.id, sb.name
         order by c.number, c.letter, s.surname, s.name, s.id, sb.name`,
  );
}

/**
 * Active pupils with no mark in a graded subject of their class for three weeks: the term began at
 * least 21 days before `date`, the pupil had at least two lessons of it in those 21 days (a subgroup's
 * lessons only for its members), and none of the pupil's marks of it is from them.
 */
export function findNoMarks(db: Database, organizationId: number, date: string) {
  return rowsOf<PupilRow & { subject_name: string; last_mark: string | null }>(
    db,
    sql`with taught as (
          select s.id as student_id, l.subject_id, count(*) as lessons
            from students s
            join classes c on c.id = s.class_id
            ${termOfClass(organizationId, date)}
            join lessons l on l.class_id = s.class_id
            join loads ld on ld.id = l.load_id and ld.graded
           where s.organization_id = ${organizationId} and s.status = 'active'
             and term.start_date <= ${date}::date - 21
             and l.status <> 'cancelled' and l.date >= ${date}::date - 21 and l.date < ${date}::date
             and (l.subgroup_id is null or exists (
                   select 1 from subgroup_members sm where sm.subgroup_id = l.subgroup_id and sm.student_id = s.id))
           group by s.id, l.subject_id
          having count(*) >= 2
        )
        select s.id as student_id, s.surname, s.name, c.id as class_id, c.number as grade, c.letter,
               sb.name as subject_name,
               (select to_char(max(l.date), 'YYYY-MM-DD') from marks m join lessons l on l.id = m.lesson_id
                 where m.student_id = t.student_id and l.subject_id = t.subject_id
                   and l.date < ${date}::date) as last_mark
          from taught t
          join students s on s.id = t.student_id
          join classes c on c.id = s.class_id
          join subjects sb on sb.id = t.subject_id
         where not exists (
           select 1 from marks m join lessons l on l.id = m.lesson_id
            where m.student_id = t.student_id and l.subject_id = t.subject_id
              and l.date >= ${date}::date - 21 and l.date < ${date}::date)
         order by c.number, c.letter, s.surname, s.name, s.id, sb.name`,
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

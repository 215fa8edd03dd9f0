import { type SQL, sql } from 'drizzle-orm';

/*
 * SQL pieces of the journal (marks, attendance, the audit of marks, final marks) that other modules'
 * repositories run or compose into their statements (the notices, the early warnings): the journal's
 * tables are spelt here, beside their owner. A piece runs nothing itself.
 */

/**
 * The school year a date falls in, the key the journal's tables are partitioned by (migration 0028):
 * the calendar year its school year starts in, 1 September to 31 August — `school_year_of` in SQL.
 */
export function schoolYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) < 9 ? year - 1 : year;
}

/**
 * `column` (a `school_year` of marks, attendance or mark_audit) within the school years of the dates
 * `from`–`to`: beside a filter of the lessons' dates it changes no answer (a row's year is its
 * lesson's) and lets the planner read only those years' partitions.
 */
export function inSchoolYears(column: SQL, from: SQL | string, to: SQL | string): SQL {
  return sql`${column} between school_year_of(${from}::date) and school_year_of(${to}::date)`;
}

/**
 * Creates the partitions of the journal's tables for the school years of `years` that have none
 * (the migration made the current and the next one; the year change and the seed call this),
 * moving that year's rows out of the DEFAULT partitions. Idempotent.
 */
export function ensureSchoolYearPartitions(years: number[]): SQL {
  const json = JSON.stringify([...new Set(years)].sort());
  return sql`select ensure_school_year_partitions(t.y::int) from json_array_elements_text(${json}::json) as t(y)`;
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

/** A pupil's «н»/«б» of one day (`lesson_number`, `subject_name`, `value`, `created_by`), not cancelled lessons, entered at least `windowMinutes` ago. */
export function absencesOfPupilDay(
  organizationId: number,
  studentId: number,
  date: string,
  windowMinutes: number,
): SQL {
  return sql`select l.lesson_number, sb.name as subject_name, a.value, a.created_by
          from attendance a
          join lessons l on l.id = a.lesson_id
          join subjects sb on sb.id = l.subject_id
         where a.student_id = ${studentId} and l.date = ${date}::date and l.status <> 'cancelled'
           and l.organization_id = ${organizationId} and a.organization_id = ${organizationId}
           and a.updated_at <= now() - make_interval(mins => ${windowMinutes})
         order by l.lesson_number`;
}

/** A pupil's final mark of a subject and period (`value` null: none) with the pupil's, subject's and period's names. */
export function finalMarkOfPupil(studentId: number, subjectId: number, periodId: number): SQL {
  return sql`select s.organization_id, s.user_id, s.surname, s.name, sb.name as subject_name, p.name as period_name,
               f.value
          from students s
          join subjects sb on sb.id = ${subjectId} and sb.organization_id = s.organization_id
          join periods p on p.id = ${periodId} and p.organization_id = s.organization_id
          left join final_marks f on f.student_id = s.id and f.subject_id = sb.id and f.period_id = p.id
         where s.id = ${studentId}`;
}

/** Every pupil × subject of a school whose marks changed on `date` (in `timeZone`): the marks those lessons hold now and Σ value·weight, Σ weight of the term. */
export function markChangesOfDay(organizationId: number, date: string, timeZone: string): SQL {
  return sql`with changed as (
          select distinct a.student_id, a.lesson_id from mark_audit a
           where a.organization_id = ${organizationId} and a.entity = 'mark'
             and a.changed_at >= (${date}::date)::timestamp at time zone ${timeZone}
             and a.changed_at < (${date}::date + 1)::timestamp at time zone ${timeZone}
        ),
        pairs as (
          select c.student_id, l.subject_id, l.class_id, array_agg(c.lesson_id) as lesson_ids
            from changed c join lessons l on l.id = c.lesson_id
           group by 1, 2, 3
        )
        select p.student_id, s.user_id, s.surname, s.name, sb.name as subject_name,
               (select string_agg(m.value, ' ' order by l.date, l.lesson_number, m.id)
                  from marks m join lessons l on l.id = m.lesson_id
                 where m.student_id = p.student_id and m.lesson_id = any(p.lesson_ids)) as marks,
               avg.sum, avg.weight
          from pairs p
          join students s on s.id = p.student_id and s.organization_id = ${organizationId}
          join subjects sb on sb.id = p.subject_id
          join classes c on c.id = p.class_id
          left join lateral (
            select pr.start_date, pr.end_date from periods pr
             where pr.organization_id = ${organizationId} and pr.kind <> 'year' and c.number = any(pr.grades)
               and ${date}::date between pr.start_date and pr.end_date
             order by pr.end_date - pr.start_date limit 1) term on true
          left join lateral (
            select sum(m.value::int * m.weight)::float8 as sum, sum(m.weight)::float8 as weight
              from marks m join lessons l on l.id = m.lesson_id
             where m.student_id = p.student_id and l.subject_id = p.subject_id
               and l.date between term.start_date and term.end_date) avg on true
         order by s.surname, s.name, p.student_id, sb.name`;
}

/** Active pupils absent from every whole-class lesson on each of their class's last three school days before `date`. */
export function absentThreeDays(organizationId: number, date: string): SQL {
  return sql`with class_days as (
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
         order by c.number, c.letter, s.surname, s.name, s.id`;
}

/** Per active pupil and subject: the term's weighted sums of marks before `date` and before two weeks earlier. */
export function averageTrends(organizationId: number, date: string): SQL {
  return sql`select s.id as student_id, s.surname, s.name, c.id as class_id, c.number as grade, c.letter,
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
         order by c.number, c.letter, s.surname, s.name, s.id, sb.name`;
}

/** Active pupils with at least two lessons of a graded subject in the 21 days before `date` and no mark of it from them. */
export function noMarksForThreeWeeks(organizationId: number, date: string): SQL {
  return sql`with taught as (
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
         order by c.number, c.letter, s.surname, s.name, s.id, sb.name`;
}

import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ensureSchoolYearPartitions, schoolYearOf } from '../modules/journal/journal.sql';
import type { SeededSchool } from './school';

/**
 * The seed's journal: grades and attendance of a range of days (the demo: the year up to the day
 * before the seed runs; the large seed: a whole finished year), generated in SQL (insert … select
 * over the lessons × their students: no row leaves the database), so ~600,000 grades take seconds,
 * on PostgreSQL and PGlite alike.
 *
 * Every random draw is a hash of the cell (lesson id × student id) with a seed per draw
 * (hashint8extended: the same on every PostgreSQL version and on PGlite), so the same database
 * gets the same journal on every run without a PRNG stream, and a day's journal does not depend on
 * how far the range goes. The rules:
 *  - 3 % of the cells are absences (60 % «б», the rest «н»);
 *  - первоклассники and load lines «без отметок» (ОРКСЭ) get no grades; every twelfth lesson of a load is a контрольная for the whole class;
 *    otherwise a student answers with `answers` (GRADE_CHANCE for a whole year); one in twenty graded cells has a second grade;
 *  - a grade is the student's level (2.6–4.9, a hash of the student) ± 1.1, within 2..5.
 */
const GRADE_CHANCE = 0.33;
const ABSENT = 0.03;

/** A uniform draw in [0, 1) from a hash of `key` (an int8 expression) with the draw's own seed. */
export const draw = (key: string, seed: number) =>
  sql.raw(`((hashint8extended(${key}, ${seed}) & 4294967295)::float8 / 4294967296)`);

/** The held lessons of the range × their students (the class's active ones, or the subgroup's members). */
function cells(organizationId: number, range: { from: string; to: string }): SQL {
  return sql`
    select h.id as lesson_id, s.id as student_id, h.grade > 1 and h.load_graded as graded, h.ordinal % 12 = 11 as test,
           s.level, (h.id::int8 << 24) + s.id as k, school_year_of(h.date) as school_year
      from (
        select l.id, l.date, l.class_id, l.subgroup_id, c.number as grade, coalesce(ld.graded, true) as load_graded,
               row_number() over (partition by l.load_id order by l.date, l.lesson_number, l.id) as ordinal
          from lessons l join classes c on c.id = l.class_id left join loads ld on ld.id = l.load_id
         where l.organization_id = ${organizationId}::int and l.status <> 'cancelled'
           and l.date between ${range.from}::date and ${range.to}::date
      ) h
      join (
        select id, class_id,
               least(4.9, greatest(2.6, 3 + ${draw('id', 101)} * 1.6
                 + case when ${draw('id', 102)} < 0.1 then 0.4 else 0 end)) as level
          from students
         where organization_id = ${organizationId}::int and status = 'active'
      ) s on s.class_id = h.class_id
     where h.subgroup_id is null
        or exists (select 1 from subgroup_members m where m.subgroup_id = h.subgroup_id and m.student_id = s.id)`;
}

/** Grades and attendance of the held lessons of `range` in the school (which has none there yet). */
export async function seedYearJournal(
  db: Database,
  school: Pick<SeededSchool, 'organizationId' | 'workTypeIds'>,
  range: { from: string; to: string },
  answers = GRADE_CHANCE,
): Promise<void> {
  const organizationId = school.organizationId;
  const [answer, homework, independent, , test] = school.workTypeIds;
  // The years' partitions, so the rows land in their own and not in the DEFAULT partitions.
  const [firstYear, lastYear] = [schoolYearOf(range.from), schoolYearOf(range.to)];
  await db.execute(
    ensureSchoolYearPartitions(Array.from({ length: lastYear - firstYear + 1 }, (_, i) => firstYear + i)),
  );
  // Statistics of what the timetable step just wrote, so the joins below are planned as hash joins.
  for (const table of ['lessons', 'students', 'classes', 'subgroup_members'])
    await db.execute(sql.raw(`analyze ${table}`));

  await db.execute(sql`
    insert into attendance (organization_id, school_year, lesson_id, student_id, value)
    select ${organizationId}::int, school_year, lesson_id, student_id, case when ${draw('k', 2)} < 0.6 then 'б' else 'н' end
      from (${cells(organizationId, range)}) c
     where ${draw('k', 1)} < ${ABSENT}
     order by lesson_id, student_id`);

  // Work type: a контрольная on a test lesson, else one of the first three by the fourth draw, which
  // also decides (one in twenty) a second grade in the cell.
  await db.execute(sql`
    insert into marks (organization_id, school_year, lesson_id, student_id, value, work_type_id, weight)
    with graded as (
      select lesson_id, student_id, school_year, level, k,
             case when test then ${test}::int
                  else (array[${answer}::int, ${homework}::int, ${independent}::int])[1 + floor(${draw('k', 4)} * 3)::int]
             end as work_type_id,
             floor(${draw('k', 4)} * 60)::int % 20 = 0 as twice
        from (${cells(organizationId, range)}) c
       where graded and ${draw('k', 1)} >= ${ABSENT} and (test or ${draw('k', 3)} < ${answers})
    ),
    grades as (
      select lesson_id, student_id, school_year, work_type_id, 1 as n, level + (${draw('k', 5)} - 0.5) * 2.2 as raw
        from graded
      union all
      select lesson_id, student_id, school_year, work_type_id, 2, level + (${draw('k', 6)} - 0.5) * 2.2
        from graded where twice
    )
    select ${organizationId}::int, g.school_year, g.lesson_id, g.student_id,
           least(5, greatest(2, round(g.raw::numeric)))::int::text, g.work_type_id, w.weight
      from grades g join work_types w on w.id = g.work_type_id
     order by g.lesson_id, g.student_id, g.n`);
  // Fresh statistics for what follows in the same transaction (final marks aggregate these rows).
  await db.execute(sql`analyze marks`);
  await db.execute(sql`analyze attendance`);
}

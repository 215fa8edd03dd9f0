import { and, arrayOverlaps, asc, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  classes,
  finalMarks,
  holidays,
  loads,
  periods,
  students,
  subgroupMembers,
  subjects,
  users,
} from '../../db/schema';
import { classRosterIds } from '../students/students.sql';
import { yearClosedSql } from '../year-change/year-change.sql';

const periodColumns = {
  id: periods.id,
  organization_id: periods.organizationId,
  academic_year: periods.academicYear,
  name: periods.name,
  kind: periods.kind,
  start_date: periods.startDate,
  end_date: periods.endDate,
  grades: periods.grades,
  closed: periods.closed,
  year_closed: sql<boolean>`${yearClosedSql(sql`${periods.organizationId}`, sql`${periods.academicYear}`)}`,
};

const holidayColumns = {
  id: holidays.id,
  organization_id: holidays.organizationId,
  academic_year: holidays.academicYear,
  name: holidays.name,
  start_date: holidays.startDate,
  end_date: holidays.endDate,
  grades: holidays.grades,
};

export interface PeriodValues {
  academicYear: string;
  name: string;
  kind: 'quarter' | 'trimester' | 'half' | 'year';
  startDate: string;
  endDate: string;
  grades: number[];
}

/**
 * A school's periods as a school lists them: each year's terms in date order (четверти before
 * полугодия starting the same day), then that year itself — not the year between its first quarters.
 */
export function findPeriods(db: Database, where: SQL | undefined) {
  return db
    .select(periodColumns)
    .from(periods)
    .where(where)
    .orderBy(
      asc(periods.organizationId),
      asc(periods.academicYear),
      sql`${periods.kind} = 'year'`,
      asc(periods.startDate),
      sql`${periods.kind} = 'half'`,
      asc(periods.id),
    );
}

/**
 * A period of the same organization and kind family sharing a grade whose dates overlap: the
 * year spans its terms, so only periods other than the year are compared with each other.
 */
export async function findOverlappingPeriod(
  db: Database,
  organizationId: number,
  values: PeriodValues,
  exceptId?: number,
) {
  if (values.kind === 'year') return null;
  const [row] = await db
    .select({ name: periods.name })
    .from(periods)
    .where(
      and(
        eq(periods.organizationId, organizationId),
        ne(periods.kind, 'year'),
        arrayOverlaps(periods.grades, values.grades),
        lte(periods.startDate, values.endDate),
        gte(periods.endDate, values.startDate),
        exceptId === undefined ? undefined : ne(periods.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertPeriod(db: Database, organizationId: number, values: PeriodValues) {
  const [row] = await db
    .insert(periods)
    .values({ organizationId, ...values })
    .returning(periodColumns);
  return row;
}

export async function updatePeriod(
  db: Database,
  id: number,
  values: Partial<PeriodValues & { closed: boolean }>,
) {
  const [row] = await db.update(periods).set(values).where(eq(periods.id, id)).returning(periodColumns);
  return row;
}

export async function deletePeriod(db: Database, id: number) {
  await db.delete(periods).where(eq(periods.id, id));
}

export function findHolidays(db: Database, where: SQL | undefined) {
  return db
    .select(holidayColumns)
    .from(holidays)
    .where(where)
    .orderBy(asc(holidays.organizationId), asc(holidays.startDate), asc(holidays.id));
}

export interface HolidayValues {
  academicYear: string;
  name: string;
  startDate: string;
  endDate: string;
  grades: number[];
}

export async function insertHoliday(db: Database, organizationId: number, values: HolidayValues) {
  const [row] = await db
    .insert(holidays)
    .values({ organizationId, ...values })
    .returning(holidayColumns);
  return row;
}

export async function updateHoliday(db: Database, id: number, values: HolidayValues) {
  const [row] = await db.update(holidays).set(values).where(eq(holidays.id, id)).returning(holidayColumns);
  return row;
}

export async function deleteHoliday(db: Database, id: number) {
  await db.delete(holidays).where(eq(holidays.id, id));
}

/** The period's academic year was closed by «Новый учебный год» (its periods never reopen). */
export async function isPeriodYearClosed(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({
      closed: sql<boolean>`${yearClosedSql(sql`${periods.organizationId}`, sql`${periods.academicYear}`)}`,
    })
    .from(periods)
    .where(eq(periods.id, id));
  return row?.closed ?? false;
}

/**
 * The pupil × subject pairs of a period without a confirmed final mark: the active pupils of the
 * period's classes (its grades of its academic year, grade 1 taught without marks left out) in each
 * load line taught with marks (a subgroup line: its members), with no final mark in the subject.
 */
export function findMissingFinalMarks(
  db: Database,
  period: { id: number; organization_id: number; academic_year: string; grades: number[] },
) {
  const grades = `{${period.grades.filter((grade) => grade > 1).join(',')}}`;
  return rowsOf<{
    group_id: number;
    number: number;
    letter: string;
    subject_id: number;
    subject_name: string;
    teacher_surname: string | null;
    teacher_name: string | null;
    teacher_patronymic: string | null;
    student_id: number;
    surname: string;
    name: string;
  }>(
    db,
    sql`with lines as (
          select l.id, l.class_id, l.subgroup_id, l.subject_id, l.teacher_id, c.number, c.letter
            from ${loads} l join ${classes} c on c.id = l.class_id
           where c.organization_id = ${period.organization_id} and c.academic_year = ${period.academic_year}
             and c.number = any(${grades}::smallint[]) and l.graded),
        owed as (
          select distinct on (li.class_id, li.subject_id, ${students.id})
                 li.class_id, li.number, li.letter, li.subject_id, li.teacher_id, ${students.id} as student_id,
                 ${students.surname} as surname, ${students.name} as name
            from lines li cross join lateral ${classRosterIds(sql`li.class_id`)} roster
            join ${students} on ${students.id} = roster.id
           where li.subgroup_id is null
              or exists (select 1 from ${subgroupMembers} sm
                          where sm.subgroup_id = li.subgroup_id and sm.student_id = ${students.id})
           order by li.class_id, li.subject_id, ${students.id}, li.teacher_id)
        select o.class_id as group_id, o.number, o.letter, o.subject_id, s.name as subject_name,
               u.surname as teacher_surname, u.name as teacher_name, u.patronymic as teacher_patronymic,
               o.student_id, o.surname, o.name
          from owed o
          join ${subjects} s on s.id = o.subject_id
          left join ${users} u on u.id = o.teacher_id
         where not exists (select 1 from ${finalMarks} fm where fm.period_id = ${period.id}
                             and fm.student_id = o.student_id and fm.subject_id = o.subject_id)
         order by o.number, o.letter, s.name, o.surname, o.name, o.student_id`,
  );
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { classes, closedYears, holidays, ktpPlans, periods, timetableTemplates } from '../../db/schema';
import { ensureSchoolYearPartitions } from '../journal/journal.sql';
import {
  activePupilCount,
  closeChildlessParentsSql,
  closingAccountsSql,
  graduatePupilsSql,
  graduationOfUserSql,
  isActivePupil,
  keepRostersSql,
  movePupilsSql,
} from '../students/students.sql';
import { copyTemplateSlotsSql } from '../timetable/lessons.sql';

/**
 * The year «Новый учебный год» closes: the school's latest academic year that has begun (a period of
 * it starts by today) and is not closed yet, with the top of its periods' grades (the last grade).
 * Also whether any year of the school was closed (then "nothing to close" means "done already").
 */
export async function findYearToClose(db: Database, organizationId: number, today: string) {
  const [row] = await rowsOf<{
    academic_year: string | null;
    last_grade: number | null;
    first_grade: number | null;
    any_closed: boolean;
  }>(
    db,
    sql`with candidate as (
          select max(p.academic_year) as academic_year from ${periods} p
           where p.organization_id = ${organizationId} and p.start_date <= ${today}::date
             and not exists (select 1 from ${closedYears} cy
                              where cy.organization_id = p.organization_id and cy.academic_year = p.academic_year))
        select candidate.academic_year,
               (select max(g) from ${periods} p cross join lateral unnest(p.grades) g
                 where p.organization_id = ${organizationId} and p.academic_year = candidate.academic_year) as last_grade,
               (select min(g) from ${periods} p cross join lateral unnest(p.grades) g
                 where p.organization_id = ${organizationId} and p.academic_year = candidate.academic_year) as first_grade,
               exists (select 1 from ${closedYears} where organization_id = ${organizationId}) as any_closed
          from candidate`,
  );
  return row;
}

/** The school's closed year of that name, if any: when and into which year. */
export async function findClosedYear(db: Database, organizationId: number, year: string) {
  const [row] = await db
    .select({ nextYear: closedYears.nextYear })
    .from(closedYears)
    .where(and(eq(closedYears.organizationId, organizationId), eq(closedYears.academicYear, year)));
  return row ?? null;
}

/** The year has been closed already, or the next one has periods or classes of its own. */
export async function findYearTaken(db: Database, organizationId: number, year: string, nextYear: string) {
  const [row] = await rowsOf<{ closed: boolean; next_exists: boolean }>(
    db,
    sql`select exists (select 1 from ${closedYears} where organization_id = ${organizationId}
                         and academic_year = ${year}) as closed,
               (exists (select 1 from ${periods} where organization_id = ${organizationId} and academic_year = ${nextYear})
                or exists (select 1 from ${classes} where organization_id = ${organizationId}
                             and academic_year = ${nextYear})) as next_exists`,
  );
  return row;
}

/** The year's classes with their active pupils, subgroup splits and load lines, 1А … 11Б. */
export function findYearClasses(db: Database, organizationId: number, year: string) {
  return rowsOf<{
    id: number;
    number: number;
    letter: string;
    students: number;
    subgroup_sets: number;
    load_lines: number;
  }>(
    db,
    sql`select c.id, c.number, c.letter,
               ${activePupilCount(sql`c.id`)} as students,
               (select count(*) from subgroup_sets ss where ss.class_id = c.id)::int as subgroup_sets,
               (select count(*) from loads l where l.class_id = c.id)::int as load_lines
          from ${classes} c
         where c.organization_id = ${organizationId} and c.academic_year = ${year}
         order by c.number, c.letter, c.id`,
  );
}

export function findYearPeriods(db: Database, organizationId: number, year: string) {
  return db
    .select()
    .from(periods)
    .where(and(eq(periods.organizationId, organizationId), eq(periods.academicYear, year)))
    .orderBy(asc(periods.startDate), asc(periods.id));
}

export function findYearHolidays(db: Database, organizationId: number, year: string) {
  return db
    .select()
    .from(holidays)
    .where(and(eq(holidays.organizationId, organizationId), eq(holidays.academicYear, year)))
    .orderBy(asc(holidays.startDate), asc(holidays.id));
}

export async function countKtpPlans(db: Database, organizationId: number, year: string) {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${ktpPlans}
         where organization_id = ${organizationId} and academic_year = ${year}`,
  );
  return row.total;
}

export async function countTimetableTemplates(db: Database, organizationId: number, year: string) {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${timetableTemplates}
         where organization_id = ${organizationId} and academic_year = ${year}`,
  );
  return row.total;
}

/**
 * Accounts the graduation closes: the graduates' own (active) and their parents' who have no other
 * active child in any school (a parent of a younger pupil keeps signing in).
 */
export async function countClosingAccounts(db: Database, graduateClassIds: number[]) {
  const ids = `{${graduateClassIds.join(',')}}`;
  const [row] = await rowsOf<{ pupils: number; parents: number }>(db, closingAccountsSql(ids));
  return row;
}

/** Marks the year closed; false when it already was (a second run, however close in time). */
export async function insertClosedYear(
  db: Database,
  values: { organizationId: number; academicYear: string; nextYear: string; closedBy: number },
) {
  const rows = await db
    .insert(closedYears)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: closedYears.id });
  return rows.length > 0;
}

export interface ShiftedPeriod {
  name: string;
  kind: 'quarter' | 'trimester' | 'half' | 'year';
  start_date: string;
  end_date: string;
  grades: number[];
}

/**
 * The journal's partitions of the new school year «2027/2028» and of the one after it (the
 * migration made the first two; idempotent, so a second school's year change finds them made).
 */
export async function ensureJournalPartitions(db: Database, nextYear: string) {
  const first = Number(nextYear.slice(0, 4));
  await db.execute(ensureSchoolYearPartitions([first, first + 1]));
}

/** The next year's periods and holidays; every period of the closed year is closed. */
export async function writeCalendar(
  db: Database,
  organizationId: number,
  year: string,
  nextYear: string,
  nextPeriods: ShiftedPeriod[],
  nextHolidays: { name: string; start_date: string; end_date: string; grades: number[] }[],
) {
  await db
    .update(periods)
    .set({ closed: true })
    .where(and(eq(periods.organizationId, organizationId), eq(periods.academicYear, year)));
  if (nextPeriods.length > 0)
    await db.insert(periods).values(
      nextPeriods.map((period) => ({
        organizationId,
        academicYear: nextYear,
        name: period.name,
        kind: period.kind,
        startDate: period.start_date,
        endDate: period.end_date,
        grades: period.grades,
      })),
    );
  if (nextHolidays.length > 0)
    await db.insert(holidays).values(
      nextHolidays.map((holiday) => ({
        organizationId,
        academicYear: nextYear,
        name: holiday.name,
        startDate: holiday.start_date,
        endDate: holiday.end_date,
        grades: holiday.grades,
      })),
    );
}

/**
 * Moves the classes up: a new class row for the next year per class below the last grade (same
 * letter and class teacher), the closed year's rosters kept in `class_enrollments`, the pupils'
 * `class_id` moved to the new class. Answers old class id → new class id.
 */
export async function moveClassesUp(
  db: Database,
  organizationId: number,
  year: string,
  nextYear: string,
  lastGrade: number,
): Promise<Map<number, number>> {
  await db.execute(keepRostersSql(organizationId, year));
  const moved = await rowsOf<{ old_id: number; new_id: number }>(
    db,
    sql`with old as (
          select id, number, letter, manager_id from classes
           where organization_id = ${organizationId} and academic_year = ${year} and number < ${lastGrade}),
        created as (
          insert into classes (organization_id, number, letter, academic_year, manager_id)
          select ${organizationId}, number + 1, letter, ${nextYear}, manager_id from old
          returning id, number, letter)
        select old.id as old_id, created.id as new_id
          from old join created on created.number = old.number + 1 and created.letter = old.letter`,
  );
  const map = new Map(moved.map((row) => [row.old_id, row.new_id]));
  await db.execute(movePupilsSql(JSON.stringify(moved)));
  return map;
}

/**
 * The last grade graduates: its pupils leave the active lists (status 'left' on the year's last day,
 * class kept: the 11th grade's roster and the pupil's history still read it) and their accounts
 * close, with their parents' left without an active child. Answers the pupils graduated.
 */
export async function graduate(db: Database, graduateClassIds: number[], leftAt: string) {
  const ids = `{${graduateClassIds.join(',')}}`;
  const graduates = await rowsOf<{ id: number; user_id: number | null }>(db, graduatePupilsSql(ids, leftAt));
  const studentIds = `{${graduates.map((row) => row.id).join(',')}}`;
  const userIds = `{${graduates.flatMap((row) => (row.user_id === null ? [] : [row.user_id])).join(',')}}`;
  await db.execute(sql`update users set active = false where id = any(${userIds}::int[])`);
  await db.execute(closeChildlessParentsSql(studentIds));
  return graduates.length;
}

/** Each moved class's subgroup splits, subgroups and members, copied to the class it became. */
export async function copySubgroups(db: Database, classMap: Map<number, number>) {
  const pairs = JSON.stringify([...classMap].map(([old_id, new_id]) => ({ old_id, new_id })));
  const sets = await rowsOf<{ old_set: number; new_set: number }>(
    db,
    sql`with m as (select * from json_to_recordset(${pairs}::json) as m(old_id int, new_id int)),
        old as (select ss.id, ss.organization_id, ss.subject_id, m.new_id
                  from subgroup_sets ss join m on m.old_id = ss.class_id),
        created as (
          insert into subgroup_sets (organization_id, class_id, subject_id)
          select organization_id, new_id, subject_id from old
          returning id, class_id, subject_id)
        select old.id as old_set, created.id as new_set
          from old join created on created.class_id = old.new_id and created.subject_id = old.subject_id`,
  );
  const setPairs = JSON.stringify(sets);
  const groups = await rowsOf<{ old_group: number; new_group: number }>(
    db,
    sql`with m as (select * from json_to_recordset(${setPairs}::json) as m(old_set int, new_set int)),
        old as (select g.id, g.organization_id, g.name, m.new_set,
                       row_number() over (partition by g.set_id order by g.id) as n
                  from subgroups g join m on m.old_set = g.set_id),
        created as (
          insert into subgroups (organization_id, set_id, name)
          select organization_id, new_set, name from old order by new_set, n
          returning id, set_id, name),
        numbered as (select id, set_id, row_number() over (partition by set_id order by id) as n from created)
        select old.id as old_group, numbered.id as new_group
          from old join numbered on numbered.set_id = old.new_set and numbered.n = old.n`,
  );
  const groupPairs = JSON.stringify(groups);
  await db.execute(sql`
    insert into subgroup_members (organization_id, set_id, subgroup_id, student_id)
    select sm.organization_id, ng.set_id, ng.id, sm.student_id
      from json_to_recordset(${groupPairs}::json) as m(old_group int, new_group int)
      join subgroup_members sm on sm.subgroup_id = m.old_group
      join subgroups ng on ng.id = m.new_group
     where ${isActivePupil(sql`sm.student_id`)}`);
  return { sets: sets.length, groups: new Map(groups.map((row) => [row.old_group, row.new_group])) };
}

/**
 * Each moved class's load lines copied to the class it became (a subgroup's line to the copied
 * subgroup; without copied subgroups such a line is left out). Answers old line id → new line id.
 */
export async function copyLoads(
  db: Database,
  classMap: Map<number, number>,
  groupMap: Map<number, number>,
): Promise<Map<number, number>> {
  const pairs = JSON.stringify([...classMap].map(([old_id, new_id]) => ({ old_id, new_id })));
  const groupPairs = JSON.stringify(
    [...groupMap].map(([old_group, new_group]) => ({ old_group, new_group })),
  );
  // Inserted in the old lines' order: the n-th new id (serial, ascending) is the n-th old line's.
  const rows = await rowsOf<{ old_load: number; new_load: number }>(
    db,
    sql`with old as (
          select l.*, m.new_id, g.new_group, row_number() over (order by l.id) as n
            from loads l
            join json_to_recordset(${pairs}::json) as m(old_id int, new_id int) on m.old_id = l.class_id
            left join json_to_recordset(${groupPairs}::json) as g(old_group int, new_group int)
              on g.old_group = l.subgroup_id
           where l.subgroup_id is null or g.new_group is not null),
        created as (
          insert into loads (organization_id, class_id, subgroup_id, subject_id, teacher_id, hours_per_week,
                             room_kind, room_id, pair_allowed, subgroups_parallel, graded)
          select organization_id, new_id, new_group, subject_id, teacher_id, hours_per_week,
                 room_kind, room_id, pair_allowed, subgroups_parallel, graded
            from old order by n
          returning id),
        numbered as (select id, row_number() over (order by id) as n from created)
        select old.id as old_load, numbered.id as new_load from old join numbered on numbered.n = old.n`,
  );
  return new Map(rows.map((row) => [row.old_load, row.new_load]));
}

/**
 * The year's timetable templates copied to the next year (bells, «active» as they were; the name
 * renamed for the new year by `rename`: «Основное расписание 2026/2027» → «… 2027/2028»), with
 * the slots of the load lines copied, moved to the lines' new classes and subgroups; a graduating
 * class's slots, and every slot when no line was copied, stay behind. Answers the templates copied.
 */
export async function copyTimetables(
  db: Database,
  organizationId: number,
  year: string,
  nextYear: string,
  loadMap: Map<number, number>,
  rename: (name: string) => string,
) {
  const names = await db
    .select({ id: timetableTemplates.id, name: timetableTemplates.name })
    .from(timetableTemplates)
    .where(
      and(eq(timetableTemplates.organizationId, organizationId), eq(timetableTemplates.academicYear, year)),
    );
  const renamed = JSON.stringify(names.map((row) => ({ id: row.id, name: rename(row.name) })));
  const templates = await rowsOf<{ old_template: number; new_template: number }>(
    db,
    sql`with old as (
          select t.id, r.name, t.bell_schedule_id, t.active, row_number() over (order by t.id) as n
            from timetable_templates t join json_to_recordset(${renamed}::json) as r(id int, name text) on r.id = t.id
           where t.organization_id = ${organizationId} and t.academic_year = ${year}),
        created as (
          insert into timetable_templates (organization_id, name, academic_year, bell_schedule_id, active)
          select ${organizationId}, name, ${nextYear}, bell_schedule_id, active from old order by n
          returning id),
        numbered as (select id, row_number() over (order by id) as n from created)
        select old.id as old_template, numbered.id as new_template from old join numbered on numbered.n = old.n`,
  );
  const loadPairs = JSON.stringify([...loadMap].map(([old_load, new_load]) => ({ old_load, new_load })));
  await db.execute(copyTemplateSlotsSql(JSON.stringify(templates), loadPairs));
  return templates.length;
}

/** The next year's new first grades, empty, without a class teacher. Answers the letters created. */
export async function createFirstGrades(
  db: Database,
  organizationId: number,
  nextYear: string,
  grade: number,
  letters: string[],
) {
  if (letters.length === 0) return [];
  const rows = await db
    .insert(classes)
    .values(letters.map((letter) => ({ organizationId, number: grade, letter, academicYear: nextYear })))
    .onConflictDoNothing()
    .returning({ letter: classes.letter });
  return rows.map((row) => row.letter).sort((a, b) => a.localeCompare(b, 'ru'));
}

/**
 * The year's КТП plans as templates of the next year: the same items without dates or lessons; a
 * class's plan goes to the next year's class of the same name (the one moved up into it), else it
 * stays a plan for the grade. Answers the plans copied.
 */
export async function copyKtpPlans(db: Database, organizationId: number, year: string, nextYear: string) {
  const plans = await rowsOf<{ old_plan: number; new_plan: number }>(
    db,
    sql`with old as (
          select p.id, p.name, p.teacher_id, p.subject_id, coalesce(c.number, p.grade) as grade,
                 nc.id as next_class_id, row_number() over (order by p.id) as n
            from ktp_plans p
            left join classes c on c.id = p.class_id
            left join classes nc on nc.organization_id = p.organization_id and nc.academic_year = ${nextYear}
                                and nc.number = c.number and nc.letter = c.letter
           where p.organization_id = ${organizationId} and p.academic_year = ${year}),
        created as (
          insert into ktp_plans (organization_id, name, academic_year, teacher_id, subject_id, class_id, grade)
          select ${organizationId}, name, ${nextYear}, teacher_id, subject_id, next_class_id,
                 case when next_class_id is null then grade end
            from old order by n
          returning id),
        numbered as (select id, row_number() over (order by id) as n from created)
        select old.id as old_plan, numbered.id as new_plan from old join numbered on numbered.n = old.n`,
  );
  await db.execute(sql`
    insert into ktp_items (organization_id, plan_id, position, section, topic, hours, homework, control_type)
    select i.organization_id, m.new_plan, i.position, i.section, i.topic, i.hours, i.homework, i.control_type
      from json_to_recordset(${JSON.stringify(plans)}::json) as m(old_plan int, new_plan int)
      join ktp_items i on i.plan_id = m.old_plan`);
  return plans.length;
}

/**
 * The academic year a closed account's owner graduated in: a pupil's own graduation (left with a
 * class of the last grade of a closed year), or for a parent the latest of their children's, when
 * no child of theirs is active. Null: the account was closed for another reason.
 */
export async function findGraduationOfUser(db: Database, userId: number) {
  const [row] = await rowsOf<{ academic_year: string; own: boolean }>(db, graduationOfUserSql(userId));
  return row ?? null;
}

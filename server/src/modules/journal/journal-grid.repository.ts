import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  inScopePlaceholder,
  prepared,
  preparedInScope,
  type ScopeVariant,
  scopeParams,
} from '../../access/prepared';
import type { ScopedActor } from '../../access/scope';
import type { Database } from '../../db/client';
import { classes, type finalMarks, loads } from '../../db/schema';
import { selectLoads } from '../loads/loads.sql';
import { periodsOfOrganizationJson } from '../periods/periods.sql';
import { classRosterIds, rosterJson } from '../students/students.sql';
import { heldLessonIdsOfLoad, loadLessonsJson } from '../timetable/lessons.sql';
import { foldCells, type PartRow, toPart } from './cell-parts';
import { inSchoolYears } from './journal.sql';

/**
 * The grid's columns of one load (the outer row, named `loads.…` in plain SQL: Drizzle leaves a
 * column of the only table in FROM unqualified, which inside a subquery would bind to the
 * subquery's own table) between the dates `from` and `to`: the students (of the class or the
 * subgroup, register order), the held lessons of the period, every saved cell part (grades with
 * their weight, attendance, versions; folded by `foldCells`) and the organization's work types —
 * four JSON arrays in the same row, one round trip instead of four. The grades and attendance are
 * read from the school years of `from`–`to` alone (their tables' partitions, `inSchoolYears`).
 */
function gridColumns(from: SQL, to: SQL) {
  const held = heldLessonIdsOfLoad(sql`loads.id`, from, to);
  return {
    students: sql<JournalStudent[]>`${rosterJson(sql`loads.class_id`, sql`loads.subgroup_id`)}`,
    lessons: sql<JournalLessonRow[]>`${loadLessonsJson(sql`loads.id`, from, to)}`,
    parts: sql<PartRow[]>`(
        select coalesce(json_agg(json_build_array(p.kind, p.lesson_id, p.student_id, p.value, p.work_type_id, p.weight)
                                 order by p.ord), '[]'::json)
          from (select 'm' as kind, m.lesson_id, m.student_id, m.value, m.work_type_id, m.weight::text as weight,
                       m.id as ord
                  from marks m where m.lesson_id in (${held}) and ${inSchoolYears(sql`m.school_year`, from, to)}
                union all
                select 'a', a.lesson_id, a.student_id, a.value, null, null, 0
                  from attendance a
                 where a.lesson_id in (${held}) and ${inSchoolYears(sql`a.school_year`, from, to)}
                union all
                select 'v', c.lesson_id, c.student_id, c.version::text, null, null, 0
                  from journal_cells c where c.lesson_id in (${held})) p)`,
    work_types: sql<{ id: number; name: string; weight: number }[]>`(
        select coalesce(json_agg(json_build_object('id', w.id, 'name', w.name, 'weight', w.weight)
                                 order by w.weight, w.name), '[]'::json)
          from work_types w where w.organization_id = loads.organization_id)`,
  };
}

/** The grid of one load between two placeholders' dates (another period than the open statement chose). */
const gridStatement = prepared((db) =>
  db
    .select(gridColumns(sql`${sql.placeholder('from')}`, sql`${sql.placeholder('to')}`))
    .from(loads)
    .where(eq(loads.id, sql.placeholder('loadId')))
    .prepare('journal_grid'),
);

/**
 * Opening a journal in one statement (the screen every teacher opens all day, prepared once): the
 * load line (of the caller's scope, in that class), its organization's periods, and the grid of
 * the period `chosen` here — the one asked for (`periodId`), else the term that `today` falls in,
 * picked as `currentTerm` picks it — with that period's confirmed final marks (the «Итог» column).
 * The service checks the choice against `currentTerm` and reads another period's grid with
 * `findJournalGrid` when they differ, so the rule has one home; this pick only saves the round trips.
 */
function buildJournalOpen(db: Database, variant: ScopeVariant) {
  const today = sql`${sql.placeholder('today')}::date`;
  const periodId = sql`${sql.placeholder('periodId')}::int`;
  const chosen = db
    .select({
      id: sql<number>`p.id`.as('chosen_id'),
      from: sql`p.start_date`.as('chosen_from'),
      to: sql`p.end_date`.as('chosen_to'),
    })
    .from(sql`periods p`)
    .where(
      sql`p.organization_id = loads.organization_id and p.academic_year = classes.academic_year
          and classes.number = any (p.grades)
          and (case when ${periodId} is null then p.kind <> 'year' else p.id = ${periodId} end)`,
    )
    .orderBy(
      sql`case when p.start_date <= ${today} and ${today} <= p.end_date then 0 when p.start_date <= ${today} then 1 else 2 end`,
      sql`case when p.start_date <= ${today} then p.start_date end desc nulls last`,
      sql`p.start_date`,
      sql`p.kind desc`,
      sql`p.id desc`,
    )
    .limit(1)
    .as('chosen');
  return selectLoads(db, {
    periods: periodsOfOrganizationJson(loads.organizationId, classes.academicYear),
    chosen_period_id: sql<number | null>`chosen.chosen_id`,
    ...gridColumns(sql`chosen.chosen_from`, sql`chosen.chosen_to`),
    final_marks: sql<{ student_id: number; value: (typeof finalMarks.$inferSelect)['value'] }[]>`(
        select coalesce(json_agg(json_build_object('student_id', f.student_id, 'value', f.value)), '[]'::json)
          from final_marks f
         where f.period_id = chosen.chosen_id and f.subject_id = loads.subject_id
           and f.student_id in ${classRosterIds(sql`loads.class_id`)})`,
  })
    .leftJoinLateral(chosen, sql`true`)
    .where(
      and(
        eq(loads.id, sql.placeholder('loadId')),
        eq(loads.classId, sql.placeholder('groupId')),
        inScopePlaceholder(loads.organizationId, variant),
      ),
    )
    .prepare(`journal_open_${variant}`);
}
const journalOpen = preparedInScope(buildJournalOpen);

/**
 * The load line with its periods and the grid of the period the statement chose (see
 * `buildJournalOpen`), cells folded; null when the load is not in that class or not the caller's.
 */
export async function findJournalOpen(
  db: Database,
  scope: ScopedActor,
  groupId: number,
  loadId: number,
  periodId: number | null,
  today: string,
) {
  const [row] = await journalOpen(db, scope).execute({
    ...scopeParams(scope),
    groupId,
    loadId,
    periodId,
    today,
  });
  if (!row) return null;
  const { students, lessons, parts, work_types, final_marks, chosen_period_id, ...head } = row;
  return {
    head,
    chosenPeriodId: chosen_period_id,
    grid: { students, lessons, cells: foldCells(parts.map(toPart)), work_types },
    finalMarks: final_marks,
  };
}

type JournalStudent = { id: number; surname: string; name: string; patronymic: string | null };
type JournalLessonRow = {
  id: number;
  date: string;
  lesson_number: number;
  topic: string | null;
  homework: string | null;
};

/** Everything the grid shows of one load between two dates (see `gridColumns`), cells folded. */
export async function findJournalGrid(db: Database, loadId: number, from: string, to: string) {
  const [row] = await gridStatement(db).execute({ loadId, from, to });
  if (!row) return null;
  return {
    students: row.students,
    lessons: row.lessons,
    cells: foldCells(row.parts.map(toPart)),
    work_types: row.work_types,
  };
}

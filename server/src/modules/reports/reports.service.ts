import type {
  AcademicPerformanceQueryParsed,
  AcademicPerformanceReport,
  ClassificationQueryParsed,
  ClassificationReport,
  JournalCompletionQueryParsed,
  JournalCompletionReport,
} from '@parta/shared/domain/contracts/reports';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { proposeMark, proposeYearMark } from '@parta/shared/domain/marks';
import { type ReportBasis, reportMark } from '@parta/shared/domain/reports';
import { and, eq, type SQL } from 'drizzle-orm';
import { inScope, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { classes, ktpPlans, lessons, loads, students } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { schoolToday } from '../clock/clock.service';
import { getPeriod, listPeriods } from '../periods/periods.service';
import { classificationRows, classifiedStudents } from './classification-figures';
import { completionGaps, completionRows } from './completion-figures';
import { performanceFigures } from './performance-figures';
import {
  findCompletion,
  findConfirmedMarks,
  findGaps,
  findPeriodAverages,
  findPlannedHours,
  findReportLines,
  findReportStudents,
  findStudentsAtMinimum,
  type ReportLineRow,
  type ReportMarkRow,
  reportClasses,
} from './reports.repository';

/**
 * The reports as the API answers them: what each reads (the period's report marks, the journal's
 * lessons) and the figures computed from it (classification-figures.ts, performance-figures.ts,
 * completion-figures.ts, pure); the .xlsx files are report-workbooks.ts.
 */

// ---------------------------------------------------------------- what the figures come from

/** One key for a student × subject, wherever the report's marks are paired or looked up. */
const markKey = (studentId: number, subjectId: number) => `${studentId}|${subjectId}`;

/**
 * The report marks of the period by student × subject (`markKey`), for `withReportMarks`: each through
 * shared `reportMark` (a closed period: the confirmed final marks; mid-term: the confirmed mark or
 * else the proposal the final-marks screen shows: proposeMark of the weighted average so far, for
 * the year proposeYearMark of the term marks). Pairs without either stay out: «без оценки».
 */
async function markSource(
  db: Database,
  actor: Actor,
  period: Period,
  classesWhere: SQL | undefined,
): Promise<{ basis: ReportBasis; as_of: string; marks: ReportMarks }> {
  const today = schoolToday();
  const terms =
    period.kind === 'year' && !period.closed
      ? (await listPeriods(db, actor, period.organization_id)).filter(
          (term) => term.kind !== 'year' && term.academic_year === period.academic_year,
        )
      : [];
  const confirmedRows = await findConfirmedMarks(
    db,
    [period.id, ...terms.map((term) => term.id)],
    classesWhere,
  );
  const pairs = new Map<
    string,
    { student_id: number; subject_id: number; confirmed: string | null; proposed: string | null }
  >();
  const pair = (studentId: number, subjectId: number) => {
    const key = markKey(studentId, subjectId);
    let entry = pairs.get(key);
    if (!entry) {
      entry = { student_id: studentId, subject_id: subjectId, confirmed: null, proposed: null };
      pairs.set(key, entry);
    }
    return entry;
  };
  for (const mark of confirmedRows)
    if (mark.period_id === period.id) pair(mark.student_id, mark.subject_id).confirmed = mark.value;
  if (!period.closed) {
    if (period.kind === 'year') {
      const termMarks = new Map<string, string[]>();
      for (const mark of confirmedRows) {
        if (mark.period_id === period.id) continue;
        const key = markKey(mark.student_id, mark.subject_id);
        termMarks.set(key, [...(termMarks.get(key) ?? []), mark.value]);
        pair(mark.student_id, mark.subject_id);
      }
      for (const [key, marks] of termMarks) {
        const entry = pairs.get(key);
        if (entry) entry.proposed = proposeYearMark(marks);
      }
    } else {
      const to = [period.end_date, today].sort()[0];
      for (const row of await findPeriodAverages(db, period.start_date, to, classesWhere))
        pair(row.student_id, row.subject_id).proposed = proposeMark(Number(row.average));
    }
  }
  const marks: ReportMarks = new Map();
  for (const [key, entry] of pairs) {
    const value = reportMark(period.closed, entry.confirmed, entry.proposed);
    if (value !== null) marks.set(key, value);
  }
  return { basis: period.closed ? 'final' : 'current', as_of: today, marks };
}

/** The report mark of each student × subject, keyed by `markKey`. */
type ReportMarks = Map<string, string>;

/** Each line's row with its student's report mark in its subject (null: none yet). */
function withReportMarks(lines: ReportLineRow[], marks: ReportMarks): ReportMarkRow[] {
  return lines.map((line) => ({
    ...line,
    value: marks.get(markKey(line.studentId, line.subjectId)) ?? null,
  }));
}

/** GET /api/reports/classification: per class, per parallel and for the school. */
export async function classificationReport(
  db: Database,
  actor: Actor,
  query: ClassificationQueryParsed,
): Promise<ClassificationReport> {
  const period = await getPeriod(db, actor, query.period_id);
  if (query.group_id !== undefined) await assertClass(db, actor, query.group_id);
  const classesWhere = reportClasses(
    period.organization_id,
    period.academic_year,
    period.grades,
    query.group_id,
  );
  const { marks, ...basis } = await markSource(db, actor, period, classesWhere);
  const where = and(classesWhere, inScope(actor, students.organizationId));
  const [people, lines] = await Promise.all([findReportStudents(db, where), findReportLines(db, where)]);
  const markRows = withReportMarks(lines, marks);
  const rows = classifiedStudents(people, markRows);
  return {
    period: { id: period.id, name: period.name },
    ...basis,
    rows: classificationRows(rows, basis.basis, query.group_id === undefined),
  };
}

async function assertClass(db: Database, actor: Actor, groupId: number) {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, groupId), inScope(actor, classes.organizationId)));
  if (!row) throw notFound('Класс не найден');
}

/** GET /api/reports/academic-performance: per class × subject and per teacher. */
export async function performanceReport(
  db: Database,
  actor: Actor,
  query: AcademicPerformanceQueryParsed,
): Promise<AcademicPerformanceReport> {
  const period = await getPeriod(db, actor, query.period_id);
  if (query.group_id !== undefined) await assertClass(db, actor, query.group_id);
  const classesWhere = reportClasses(
    period.organization_id,
    period.academic_year,
    period.grades,
    query.group_id,
  );
  const { marks, ...basis } = await markSource(db, actor, period, classesWhere);
  const lines = await findReportLines(
    db,
    and(
      classesWhere,
      inScope(actor, loads.organizationId),
      query.subject_id === undefined ? undefined : eq(loads.subjectId, query.subject_id),
      query.teacher_id === undefined ? undefined : eq(loads.teacherId, query.teacher_id),
    ),
  );
  return {
    period: { id: period.id, name: period.name },
    ...basis,
    ...performanceFigures(withReportMarks(lines, marks)),
  };
}

/** Gaps a page on screen; the .xlsx holds every gap. */
export const GAPS_PER_PAGE = 100;

/**
 * GET /api/reports/journal-completion: held lessons up to today within the range; the gaps list
 * one page at a time (query gaps_page), or all of it for the .xlsx.
 */
export async function completionReport(
  db: Database,
  actor: Actor,
  query: JournalCompletionQueryParsed,
): Promise<JournalCompletionReport> {
  const today = schoolToday();
  const to = [query.to, today].sort()[0];
  if (query.group_id !== undefined) await assertClass(db, actor, query.group_id);
  const where: SQL | undefined = and(
    scopeFilter(actor, lessons.organizationId),
    query.teacher_id === undefined ? undefined : eq(lessons.teacherId, query.teacher_id),
    query.group_id === undefined ? undefined : eq(lessons.classId, query.group_id),
  );
  const [rows, atMinimum, [gapRows, gapsTotal], planned] = await Promise.all([
    findCompletion(db, query.from, to, where),
    findStudentsAtMinimum(db, query.from, to, where),
    query.format === 'xlsx'
      ? findGaps(db, query.from, to, where)
      : findGaps(db, query.from, to, where, {
          limit: GAPS_PER_PAGE,
          offset: (query.gaps_page - 1) * GAPS_PER_PAGE,
        }),
    findPlannedHours(db, query.from, query.to, inScope(actor, ktpPlans.organizationId)),
  ]);
  return {
    from: query.from,
    to: query.to,
    rows: completionRows(rows, atMinimum, planned),
    gaps: completionGaps(gapRows),
    gaps_total: gapsTotal,
    gaps_page: query.format === 'xlsx' ? 1 : query.gaps_page,
    gaps_per_page: query.format === 'xlsx' ? gapsTotal : GAPS_PER_PAGE,
  };
}

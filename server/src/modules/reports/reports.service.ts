import type {
  AcademicPerformanceQueryParsed,
  ClassificationQueryParsed,
  JournalCompletionQueryParsed,
} from '@parta/shared/domain/contracts/reports';
import {
  type AcademicPerformanceReport,
  CLASSIFICATION_KINDS,
  CLASSIFICATION_LABELS,
  type ClassificationKind,
  type ClassificationReport,
  type ClassificationRow,
  type CompletionGap,
  type CompletionRow,
  type JournalCompletionReport,
  type PerformanceRow,
  type PerformanceSubjectRow,
  type PerformanceTeacherRow,
} from '@parta/shared/domain/contracts/reports';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { formatDate } from '@parta/shared/domain/dates';
import { proposeMark, proposeYearMark } from '@parta/shared/domain/marks';
import { groupName, joinedTeacherName } from '@parta/shared/domain/names';
import {
  addToTally,
  classificationCounts,
  classifyStudent,
  emptyTally,
  type FinalMarkValue,
  isFinalMarkValue,
  type MarkTally,
  meanOf,
  mergeTallies,
  minimumMarks,
  percentages,
  type ReportBasis,
  reportBasisLabel,
  reportMark,
  type StudentClass,
  tallyFigures,
  tallyMarks,
  taughtWithoutMarks,
} from '@parta/shared/domain/reports';
import { and, eq, type SQL } from 'drizzle-orm';
import { inScope, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { classes, ktpPlans, lessons, loads, students } from '../../db/schema';
import { type ReportSheet, writeReportWorkbook } from '../../files/report-workbook';
import type { Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { schoolToday } from '../clock/clock.service';
import { getPeriod, listPeriods } from '../periods/periods.service';
import {
  findCompletion,
  findConfirmedMarks,
  findGaps,
  findPeriodAverages,
  findPlannedHours,
  findReportMarks,
  findReportStudents,
  findStudentsAtMinimum,
  listedMarks,
  type MarkSource,
  type ReportMarkRow,
  reportClasses,
} from './reports.repository';

// ---------------------------------------------------------------- what the figures come from

/**
 * The report marks of the period as a relation for the repository: each student × subject through
 * shared `reportMark` (a closed period: the confirmed final marks; mid-term: the confirmed mark or
 * else the proposal the final-marks screen shows: proposeMark of the weighted average so far, for
 * the year proposeYearMark of the term marks). Pairs without either stay out: «без оценки».
 */
async function markSource(
  db: Database,
  actor: Actor,
  period: Period,
  classesWhere: SQL | undefined,
): Promise<{ basis: ReportBasis; as_of: string; source: MarkSource }> {
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
    const key = `${studentId}|${subjectId}`;
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
        const key = `${mark.student_id}|${mark.subject_id}`;
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
  const values: { student_id: number; subject_id: number; value: string }[] = [];
  for (const entry of pairs.values()) {
    const value = reportMark(period.closed, entry.confirmed, entry.proposed);
    if (value !== null) values.push({ student_id: entry.student_id, subject_id: entry.subject_id, value });
  }
  return {
    basis: period.closed ? 'final' : 'current',
    as_of: today,
    source: listedMarks(values),
  };
}

// ---------------------------------------------------------------- классификация

/** One student of the classification: who they are and the tally of their subjects' report marks. */
interface ClassifiedStudent {
  id: number;
  surname: string;
  name: string;
  classId: number;
  number: number;
  letter: string;
  /** Taught with marks in something: a line of theirs is graded, or they have no line at all. */
  graded: boolean;
  marks: MarkTally;
}

/**
 * Each student's subjects from the report mark rows: a subject counts once, and not at all where a
 * line of theirs in it is «без отметок» (its marks count nowhere).
 */
function classifiedStudents(
  people: Awaited<ReturnType<typeof findReportStudents>>,
  rows: ReportMarkRow[],
): ClassifiedStudent[] {
  const bySubject = new Map<number, Map<number, { graded: boolean; value: FinalMarkValue | null }>>();
  for (const row of rows) {
    const subjects = bySubject.get(row.studentId) ?? new Map();
    bySubject.set(row.studentId, subjects);
    const seen = subjects.get(row.subjectId);
    subjects.set(row.subjectId, {
      graded: (seen?.graded ?? true) && row.graded,
      value: isFinalMarkValue(row.value) ? row.value : null,
    });
  }
  return people.map((person) => {
    const subjects = [...(bySubject.get(person.id)?.values() ?? [])];
    const counted = subjects.filter((subject) => subject.graded);
    return {
      ...person,
      graded: subjects.length === 0 || counted.length > 0,
      marks: tallyMarks(counted.map((subject) => subject.value)),
    };
  });
}

/** The report's kind of a student: the classification plus «с одной 4/3» inside хорошисты/троечники. */
function kindsOf(
  student: ClassifiedStudent,
  basis: ReportBasis,
): { main: StudentClass; extra: ClassificationKind | null } {
  if (taughtWithoutMarks(student.number, student.graded)) return { main: 'without_marks', extra: null };
  const counts = student.marks;
  const main = classifyStudent(counts, basis);
  if (main === 'good' && counts.n4 === 1) return { main, extra: 'good_one_four' };
  if (main === 'satisfactory' && counts.n3 === 1) return { main, extra: 'satisfactory_one_three' };
  return { main, extra: null };
}

const mainKind: Record<StudentClass, ClassificationKind> = {
  excellent: 'excellent',
  good: 'good',
  satisfactory: 'satisfactory',
  failing_one: 'failing_one',
  failing_many: 'failing_many',
  not_attested: 'not_attested',
  exempt: 'exempt',
  no_marks: 'no_marks',
  without_marks: 'without_marks',
};

function classificationRow(
  level: ClassificationRow['level'],
  name: string,
  ids: { group_id: number | null; grade: number | null },
  members: ClassifiedStudent[],
  withNames: boolean,
  basis: ReportBasis,
): ClassificationRow {
  const counts = Object.fromEntries(CLASSIFICATION_KINDS.map((kind) => [kind, 0])) as Record<
    ClassificationKind,
    number
  >;
  const names = Object.fromEntries(
    CLASSIFICATION_KINDS.map((kind) => [kind, []]),
  ) as unknown as ClassificationRow['names'];
  const classified: StudentClass[] = [];
  const tallies: MarkTally[] = [];
  for (const student of members) {
    const { main, extra } = kindsOf(student, basis);
    classified.push(main);
    if (main !== 'without_marks') tallies.push(student.marks);
    for (const kind of [mainKind[main], extra]) {
      if (!kind) continue;
      counts[kind] += 1;
      if (withNames) names[kind].push({ id: student.id, name: `${student.surname} ${student.name}` });
    }
  }
  const totals = classificationCounts(classified);
  const marks = mergeTallies(tallies);
  return {
    level,
    name,
    ...ids,
    students: members.length,
    total: totals.total,
    without_marks: members.length > 0 && classified.every((kind) => kind === 'without_marks'),
    counts,
    names,
    ...percentages(totals),
    average: meanOf(marks.sum, marks.numeric),
    marks: tallyFigures(marks),
  };
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
  const { source, ...basis } = await markSource(db, actor, period, classesWhere);
  const where = and(classesWhere, inScope(actor, students.organizationId));
  const [people, markRows] = await Promise.all([
    findReportStudents(db, where),
    findReportMarks(db, source, where),
  ]);
  const rows = classifiedStudents(people, markRows);
  const byClass = new Map<number, ClassifiedStudent[]>();
  for (const row of rows) byClass.set(row.classId, [...(byClass.get(row.classId) ?? []), row]);
  const result: ClassificationRow[] = [];
  const grades = [...new Set(rows.map((row) => row.number))];
  for (const grade of grades) {
    const gradeRows = rows.filter((row) => row.number === grade);
    for (const [classId, members] of byClass) {
      if (members[0].number !== grade) continue;
      result.push(
        classificationRow(
          'class',
          groupName(members[0]),
          { group_id: classId, grade },
          members,
          true,
          basis.basis,
        ),
      );
    }
    if (query.group_id === undefined)
      result.push(
        classificationRow(
          'grade',
          `${grade}-е классы`,
          { group_id: null, grade },
          gradeRows,
          false,
          basis.basis,
        ),
      );
  }
  if (query.group_id === undefined)
    result.push(
      classificationRow(
        'school',
        'Всего по школе',
        { group_id: null, grade: null },
        rows,
        false,
        basis.basis,
      ),
    );
  return { period: { id: period.id, name: period.name }, ...basis, rows: result };
}

async function assertClass(db: Database, actor: Actor, groupId: number) {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, groupId), inScope(actor, classes.organizationId)));
  if (!row) throw notFound('Класс не найден');
}

const percentColumns = [
  { header: '% успеваемости', width: 16 },
  { header: '% качества', width: 12 },
  { header: 'СОУ, %', width: 10 },
  { header: 'Средний балл', width: 14 },
];
const percentCells = (row: {
  success: number | null;
  quality: number | null;
  sou: number | null;
  average: number | null;
}) => [row.success, row.quality, row.sou, row.average];

export function classificationWorkbook(report: ClassificationReport) {
  const sheets: ReportSheet[] = [
    {
      name: 'Классификация',
      // The screen's order: the figures a завуч reads first come right after the class.
      columns: [
        { header: 'Класс', width: 16 },
        ...percentColumns,
        { header: 'Учеников', width: 10 },
        { header: 'N (без освобождённых, без отметок и без оценки)', width: 16 },
        ...CLASSIFICATION_KINDS.map((kind) => ({ header: CLASSIFICATION_LABELS[kind], width: 14 })),
      ],
      rows: report.rows.map((row) =>
        row.without_marks
          ? [row.name, 'без отметок', null, null, null, row.students, 'без отметок']
          : [
              row.name,
              ...percentCells(row),
              row.students,
              row.total,
              ...CLASSIFICATION_KINDS.map((kind) => row.counts[kind]),
            ],
      ),
    },
    {
      name: 'Ученики',
      columns: [
        { header: 'Класс', width: 10 },
        { header: 'Группа', width: 30 },
        { header: 'Ученик', width: 36 },
      ],
      rows: report.rows
        .filter((row) => row.level === 'class')
        .flatMap((row) =>
          CLASSIFICATION_KINDS.flatMap((kind) =>
            row.names[kind].map((student) => [row.name, CLASSIFICATION_LABELS[kind], student.name]),
          ),
        ),
    },
  ];
  return writeReportWorkbook(
    `Классификация, ${report.period.name}, ${reportBasisLabel(report.basis, report.as_of)}`,
    sheets,
  );
}

// ---------------------------------------------------------------- академическая успеваемость

type Counts = Pick<PerformanceRow, 'n5' | 'n4' | 'n3' | 'n2' | 'na' | 'without_mark' | 'exempt' | 'total'>;

/** One class × subject × teacher × kind of line: its students' report marks, tallied. */
interface PerformanceLine {
  first: ReportMarkRow;
  withoutMarks: boolean;
  marks: MarkTally;
}

/** The figures of a group of lines; lines taught without marks count nowhere. */
function countsOf(lines: PerformanceLine[]) {
  return tallyFigures(mergeTallies(lines.filter((line) => !line.withoutMarks).map((line) => line.marks)));
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
  const { source, ...basis } = await markSource(db, actor, period, classesWhere);
  const markRows = await findReportMarks(
    db,
    source,
    and(
      classesWhere,
      inScope(actor, loads.organizationId),
      query.subject_id === undefined ? undefined : eq(loads.subjectId, query.subject_id),
      query.teacher_id === undefined ? undefined : eq(loads.teacherId, query.teacher_id),
    ),
  );
  // One line per class × subject × teacher × kind (graded or not), each student counted once in it.
  const lineMap = new Map<string, PerformanceLine & { seen: Set<number> }>();
  for (const row of markRows) {
    const key = `${row.classId}|${row.subjectId}|${row.teacherId}|${row.graded}`;
    let line = lineMap.get(key);
    if (!line) {
      line = {
        first: row,
        withoutMarks: taughtWithoutMarks(row.number, row.graded),
        marks: emptyTally(),
        seen: new Set(),
      };
      lineMap.set(key, line);
    }
    if (line.seen.has(row.studentId)) continue;
    line.seen.add(row.studentId);
    addToTally(line.marks, isFinalMarkValue(row.value) ? row.value : null);
  }
  const rows = [...lineMap.values()];
  const pairs = new Map<string, PerformanceLine[]>();
  const teachers = new Map<number | null, PerformanceLine[]>();
  const bySubject = new Map<number, PerformanceLine[]>();
  for (const line of rows) {
    const row = line.first;
    bySubject.set(row.subjectId, [...(bySubject.get(row.subjectId) ?? []), line]);
    const key = `${row.classId}|${row.subjectId}`;
    pairs.set(key, [...(pairs.get(key) ?? []), line]);
    teachers.set(row.teacherId, [...(teachers.get(row.teacherId) ?? []), line]);
  }
  const classRows: PerformanceRow[] = [...pairs.values()].map((group) => {
    const first = group[0].first;
    // One teacher may have both a graded line and one «без отметок» here: named once.
    const named = [
      ...new Map(
        group
          .map((line) => line.first)
          .filter((row) => row.teacherId !== null)
          .map((row) => [row.teacherId, row]),
      ).values(),
    ];
    return {
      group_id: first.classId,
      group_name: groupName(first),
      subject_id: first.subjectId,
      subject_name: first.subjectName,
      teacher_id: named.length === 1 ? named[0].teacherId : null,
      teacher_name: named.length > 0 ? named.map((row) => joinedTeacherName(row)).join(', ') : null,
      without_marks: group.every((line) => line.withoutMarks),
      ...countsOf(group),
    };
  });
  const teacherRows: PerformanceTeacherRow[] = [...teachers.entries()]
    .filter(([, group]) => group.some((line) => !line.withoutMarks))
    .map(([teacherId, group]) => ({
      teacher_id: teacherId,
      teacher_name: teacherId === null ? 'Учитель не назначен' : (joinedTeacherName(group[0].first) ?? ''),
      ...countsOf(group),
    }))
    .sort((a, b) => a.teacher_name.localeCompare(b.teacher_name, 'ru'));
  const subjectRows: PerformanceSubjectRow[] = [...bySubject.values()]
    .filter((group) => group.some((line) => !line.withoutMarks))
    .map((group) => ({
      subject_id: group[0].first.subjectId,
      subject_name: group[0].first.subjectName,
      ...countsOf(group),
    }))
    .sort((a, b) => a.subject_name.localeCompare(b.subject_name, 'ru'));
  return {
    period: { id: period.id, name: period.name },
    ...basis,
    rows: classRows,
    subjects: subjectRows,
    teachers: teacherRows,
    // The school (or the filtered selection) over every graded line: the classification's `marks`.
    school: countsOf(rows),
  };
}

const countColumns = [
  { header: 'N', width: 6 },
  { header: '«5»', width: 6 },
  { header: '«4»', width: 6 },
  { header: '«3»', width: 6 },
  { header: '«2»', width: 6 },
  { header: 'н/а', width: 6 },
  { header: 'без оценки', width: 10 },
  { header: 'осв.', width: 6 },
];
const countCells = (row: Counts) => [
  row.total,
  row.n5,
  row.n4,
  row.n3,
  row.n2,
  row.na,
  row.without_mark,
  row.exempt,
];

export function performanceWorkbook(report: AcademicPerformanceReport) {
  return writeReportWorkbook(
    `Академическая успеваемость, ${report.period.name}, ${reportBasisLabel(report.basis, report.as_of)}`,
    [
      {
        name: 'Классы и предметы',
        columns: [
          { header: 'Класс', width: 8 },
          { header: 'Предмет', width: 28 },
          { header: 'Учитель', width: 28 },
          ...countColumns,
          ...percentColumns,
        ],
        rows: report.rows.map((row) => [
          row.group_name,
          row.subject_name,
          row.teacher_name,
          ...(row.without_marks ? ['без отметок'] : [...countCells(row), ...percentCells(row)]),
        ]),
      },
      {
        name: 'Предметы',
        columns: [{ header: 'Предмет', width: 28 }, ...countColumns, ...percentColumns],
        // The last row is the whole report: the same figures as the classification's marks by subject.
        rows: [
          ...report.subjects.map((row) => [row.subject_name, ...countCells(row), ...percentCells(row)]),
          ['Всего', ...countCells(report.school), ...percentCells(report.school)],
        ],
      },
      {
        name: 'Учителя',
        columns: [{ header: 'Учитель', width: 28 }, ...countColumns, ...percentColumns],
        rows: report.teachers.map((row) => [row.teacher_name, ...countCells(row), ...percentCells(row)]),
      },
    ],
  );
}

// ---------------------------------------------------------------- заполняемость журнала

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
  const enough = new Map(
    atMinimum.map((row) => [`${row.teacher_id}|${row.class_id}|${row.subject_id}`, Number(row.enough)]),
  );
  const plansBySubject = new Map<number, typeof planned>();
  for (const plan of planned)
    plansBySubject.set(plan.subjectId, [...(plansBySubject.get(plan.subjectId) ?? []), plan]);
  const result: CompletionRow[] = rows.map((row) => {
    const plans = (plansBySubject.get(row.subjectId) ?? []).filter(
      (plan) =>
        (plan.teacherId === null || plan.teacherId === row.teacherId) &&
        (plan.classId === row.classId || (plan.classId === null && plan.grade === row.number)),
    );
    const withoutMarks = taughtWithoutMarks(row.number, row.graded);
    return {
      teacher_id: row.teacherId,
      teacher_name: joinedTeacherName(row),
      group_id: row.classId,
      group_name: groupName(row),
      subject_id: row.subjectId,
      subject_name: row.subjectName,
      held: row.held,
      with_topic: row.withTopic,
      with_homework: row.withHomework,
      with_marks: row.withMarks,
      ktp_planned_hours: plans.length === 0 ? null : plans.reduce((sum, plan) => sum + Number(plan.hours), 0),
      ktp_given_hours: row.ktpGiven,
      students: row.students,
      marks: row.marks,
      minimum_marks: withoutMarks ? 0 : minimumMarks(row.held),
      students_below_minimum: withoutMarks
        ? 0
        : Math.max(0, row.students - (enough.get(`${row.teacherId}|${row.classId}|${row.subjectId}`) ?? 0)),
      without_marks: withoutMarks,
    };
  });
  const gaps: CompletionGap[] = gapRows.map((gap) => ({
    lesson_id: gap.id,
    date: gap.date,
    lesson_number: gap.lessonNumber,
    group_name: groupName(gap),
    subject_name: gap.subjectName,
    teacher_name: joinedTeacherName(gap),
    missing: [
      ...(gap.topic?.trim() ? [] : (['topic'] as const)),
      ...(gap.homework?.trim() ? [] : (['homework'] as const)),
      // A lesson taught without marks (1st grade, a line «без отметок») misses none.
      ...(gap.hasMarks || taughtWithoutMarks(gap.number, gap.graded) ? [] : (['marks'] as const)),
    ],
  }));
  return {
    from: query.from,
    to: query.to,
    rows: result,
    gaps,
    gaps_total: gapsTotal,
    gaps_page: query.format === 'xlsx' ? 1 : query.gaps_page,
    gaps_per_page: query.format === 'xlsx' ? gapsTotal : GAPS_PER_PAGE,
  };
}

const MISSING_LABELS = { topic: 'тема', homework: 'д/з', marks: 'оценки' } as const;
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 1000) / whole) / 10);

export function completionWorkbook(report: JournalCompletionReport) {
  return writeReportWorkbook(
    `Заполняемость журнала ${formatDate(report.from)}–${formatDate(report.to)}; уроков с пропусками: ${report.gaps_total}`,
    [
      {
        name: 'Заполняемость',
        columns: [
          { header: 'Учитель', width: 26 },
          { header: 'Класс', width: 8 },
          { header: 'Предмет', width: 26 },
          { header: 'Проведено уроков', width: 12 },
          { header: 'С темой', width: 10 },
          { header: '% с темой', width: 10 },
          { header: 'С д/з', width: 10 },
          { header: '% с д/з', width: 10 },
          { header: 'С оценками', width: 10 },
          { header: '% с оценками', width: 10 },
          { header: 'КТП: часов по плану', width: 12 },
          { header: 'КТП: дано', width: 10 },
          { header: 'Учеников', width: 10 },
          { header: 'Оценок', width: 10 },
          { header: 'Минимум на ученика', width: 12 },
          { header: 'Ниже минимума', width: 12 },
        ],
        rows: report.rows.map((row) => [
          row.teacher_name,
          row.group_name,
          row.subject_name,
          row.held,
          row.with_topic,
          share(row.with_topic, row.held),
          row.with_homework,
          share(row.with_homework, row.held),
          row.with_marks,
          row.without_marks ? 'без отметок' : share(row.with_marks, row.held),
          row.ktp_planned_hours,
          row.ktp_given_hours,
          row.students,
          row.marks,
          row.without_marks ? 'без отметок' : row.minimum_marks,
          row.students_below_minimum,
        ]),
      },
      {
        name: 'Пропуски',
        columns: [
          { header: 'Дата', width: 10 },
          { header: 'Урок', width: 6 },
          { header: 'Класс', width: 8 },
          { header: 'Предмет', width: 26 },
          { header: 'Учитель', width: 26 },
          { header: 'Не заполнено', width: 24 },
        ],
        rows: report.gaps.map((gap) => [
          formatDate(gap.date),
          gap.lesson_number,
          gap.group_name,
          gap.subject_name,
          gap.teacher_name,
          gap.missing.map((item) => MISSING_LABELS[item]).join(', '),
        ]),
      },
    ],
  );
}

import {
  CLASSIFICATION_KINDS,
  type ClassificationKind,
  type ClassificationRow,
} from '@parta/shared/domain/contracts/reports';
import { groupName } from '@parta/shared/domain/names';
import {
  classificationCounts,
  classifyStudent,
  type FinalMarkValue,
  isFinalMarkValue,
  type MarkTally,
  meanOf,
  mergeTallies,
  percentages,
  type ReportBasis,
  type StudentClass,
  tallyFigures,
  tallyMarks,
  taughtWithoutMarks,
} from '@parta/shared/domain/reports';
import type { ReportMarkRow, ReportStudentRow } from './reports.repository';

/**
 * The classification's figures from the rows the report read: each student's kind (отличник,
 * хорошист, «с одной 4»…), counted per class, per parallel and for the school. Pure: tested without
 * a database (classification-figures.test.ts).
 */

/** One student of the classification: who they are and the tally of their subjects' report marks. */
export interface ClassifiedStudent extends ReportStudentRow {
  /** Taught with marks in something: a line of theirs is graded, or they have no line at all. */
  graded: boolean;
  marks: MarkTally;
}

/**
 * Each student's subjects from the report mark rows: a subject counts once, and not at all where a
 * line of theirs in it is «без отметок» (its marks count nowhere).
 */
export function classifiedStudents(people: ReportStudentRow[], rows: ReportMarkRow[]): ClassifiedStudent[] {
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
export function kindsOf(
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

export function classificationRow(
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

/**
 * The report's rows: each class then its parallel, the school last — the parallels and the school
 * only for the whole school (`wholeSchool`: no class chosen).
 */
export function classificationRows(
  rows: ClassifiedStudent[],
  basis: ReportBasis,
  wholeSchool: boolean,
): ClassificationRow[] {
  const byClass = new Map<number, ClassifiedStudent[]>();
  for (const row of rows) byClass.set(row.classId, [...(byClass.get(row.classId) ?? []), row]);
  const result: ClassificationRow[] = [];
  const grades = [...new Set(rows.map((row) => row.number))];
  for (const grade of grades) {
    const gradeRows = rows.filter((row) => row.number === grade);
    for (const [classId, members] of byClass) {
      if (members[0].number !== grade) continue;
      result.push(
        classificationRow('class', groupName(members[0]), { group_id: classId, grade }, members, true, basis),
      );
    }
    if (wholeSchool)
      result.push(
        classificationRow('grade', `${grade}-е классы`, { group_id: null, grade }, gradeRows, false, basis),
      );
  }
  if (wholeSchool)
    result.push(
      classificationRow('school', 'Всего по школе', { group_id: null, grade: null }, rows, false, basis),
    );
  return result;
}

import type {
  AcademicPerformanceReport,
  PerformanceRow,
  PerformanceSubjectRow,
  PerformanceTeacherRow,
} from '@parta/shared/domain/contracts/reports';
import { groupName, joinedTeacherName } from '@parta/shared/domain/names';
import {
  addToTally,
  emptyTally,
  isFinalMarkValue,
  type MarkTally,
  mergeTallies,
  tallyFigures,
  taughtWithoutMarks,
} from '@parta/shared/domain/reports';
import type { ReportMarkRow } from './reports.repository';

/**
 * The academic performance's figures from the report mark rows: per class × subject, per subject,
 * per teacher and for the school. Pure: tested without a database (performance-figures.test.ts).
 */

export type Counts = Pick<
  PerformanceRow,
  'n5' | 'n4' | 'n3' | 'n2' | 'na' | 'without_mark' | 'exempt' | 'total'
>;

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

/** The report's tables from its mark rows (each student counted once per line). */
export function performanceFigures(
  markRows: ReportMarkRow[],
): Pick<AcademicPerformanceReport, 'rows' | 'subjects' | 'teachers' | 'school'> {
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
    rows: classRows,
    subjects: subjectRows,
    teachers: teacherRows,
    // The school (or the filtered selection) over every graded line: the classification's `marks`.
    school: countsOf(rows),
  };
}

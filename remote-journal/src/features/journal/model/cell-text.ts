import type { JournalCell, WorkType } from '@parta/shared/domain/contracts/journal';
import { type CellMarks, formatCell, type WeightedGrade } from '@parta/shared/domain/marks';

/** Characters a journal cell takes while typing: grades, н/б in either case, separators. */
const CELL_CHARACTERS = /^[1-5нНбБ/\s]*$/;

/** Whether typed text may stand in a cell while it is being edited (the full check is on commit). */
export function isCellTyping(text: string): boolean {
  return CELL_CHARACTERS.test(text);
}

/** What a cell shows: the typed save while it is on its way, else what the server holds. */
export function cellText(cell: Pick<JournalCell, 'grades' | 'attendance'> | undefined): string {
  return cell ? formatCell(cell) : '';
}

/** Whether typed marks differ from a cell (a commit without a change saves nothing). */
export function changesCell(marks: CellMarks, cell: Pick<JournalCell, 'grades' | 'attendance'> | undefined) {
  return formatCell(marks) !== cellText(cell);
}

/** Grades of a student's cells with the weight of their work type (1 without one). */
export function weightedGrades(
  cells: Iterable<Pick<JournalCell, 'grades'>>,
  workTypes: readonly WorkType[],
): WeightedGrade[] {
  const weightOf = new Map(workTypes.map((type) => [type.id, type.weight]));
  const grades: WeightedGrade[] = [];
  for (const cell of cells) {
    for (const grade of cell.grades) {
      grades.push({
        value: grade.value,
        weight: grade.work_type_id === null ? 1 : (weightOf.get(grade.work_type_id) ?? 1),
      });
    }
  }
  return grades;
}

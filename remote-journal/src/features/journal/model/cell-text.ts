import type { JournalCell } from '@parta/shared/domain/contracts/journal';
import { type CellMarks, formatCell } from '@parta/shared/domain/marks';

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

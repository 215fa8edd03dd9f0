import type { JournalCell } from '@parta/shared/domain/contracts/journal';
import { ATTENDANCE_ONLY_MESSAGE, CELL_INPUT_HINT, parseCellText } from '@parta/shared/domain/marks';
import { cellText, changesCell, isCellTyping } from './cell-text';

/**
 * The journal grid's editing model: what typing, clearing, pasting and filling down do to the
 * cells, as plain functions of the grid's contents. The view (journal-grid.tsx) holds the state
 * and sends what this model decides; nothing here knows React or the network.
 */

/** A cell's place in the grid (row: student, col: lesson). */
export interface GridPlace {
  row: number;
  col: number;
}

/** What a cell holds now, as the model reads it. */
export type CellContent = Pick<JournalCell, 'grades' | 'attendance'> | undefined;

/** A value to write into a cell, ready for the save queue (without the grid key). */
export interface CellWrite extends Pick<JournalCell, 'lesson_id' | 'student_id' | 'attendance' | 'version'> {
  grades: { value: number; work_type_id: number | null }[];
}

/** The grid as the model sees it: its size, ids, and what each cell holds and has saved. */
export interface GridContents {
  rows: number;
  cols: number;
  lessonId: (col: number) => number;
  studentId: (row: number) => number;
  /** What the cell shows (a typed value on its way, else the saved one). */
  shown: (place: GridPlace) => CellContent;
  /** The version the server last answered for the cell (0: never saved). */
  savedVersion: (place: GridPlace) => number;
  /** The lesson is dated after the school's today: its column takes no marks yet. */
  isFuture?: (col: number) => boolean;
  /** The load is taught «без отметок» (`graded` false): cells take н and б only, no grade. */
  attendanceOnly?: boolean;
}

/** The outcome of committing text into one cell. */
export type CellCommit =
  | { kind: 'refused'; hint: string }
  | { kind: 'unchanged' }
  | { kind: 'write'; write: CellWrite };

/** A refused text's hint, shown beside the grid. */
export const notAMark = (text: string) => `«${text.trim()}» не отметка. ${CELL_INPUT_HINT}`;

export const READ_ONLY_HINT = 'Этот журнал только для чтения';
export const CLOSED_PERIOD_HINT = 'Период закрыт: журнал только для чтения';
export const FUTURE_LESSON_HINT = 'Урок ещё не прошёл: отметки ставятся в день урока и позже';

/**
 * Turns the text committed into a cell into a write: refused when it is not a mark, nothing when
 * it equals the cell. A grade already in the cell keeps its work type; a new one takes `workTypeId`.
 */
export function commitCell(
  contents: GridContents,
  place: GridPlace,
  text: string,
  workTypeId: number | null,
): CellCommit {
  if (contents.isFuture?.(place.col)) return { kind: 'refused', hint: FUTURE_LESSON_HINT };
  const marks = parseCellText(text);
  if (!marks) return { kind: 'refused', hint: notAMark(text) };
  if (contents.attendanceOnly && marks.grades.length > 0)
    return { kind: 'refused', hint: ATTENDANCE_ONLY_MESSAGE };
  const before = contents.shown(place);
  if (!changesCell(marks, before)) return { kind: 'unchanged' };
  const previous: CellWrite['grades'] = before?.grades ?? [];
  return {
    kind: 'write',
    write: {
      lesson_id: contents.lessonId(place.col),
      student_id: contents.studentId(place.row),
      attendance: marks.attendance,
      grades: marks.grades.map((value, index) => ({
        value,
        work_type_id: previous[index]?.value === value ? (previous[index].work_type_id ?? null) : workTypeId,
      })),
      version: contents.savedVersion(place),
    },
  };
}

/** A digit is a grade: a journal «без отметок» refuses it as it is typed, before any request. */
const hasGrade = (text: string) => /\d/.test(text);

/**
 * What a key typed on a selected cell (not being edited) does: starts editing, or is refused
 * (`attendanceOnly`: a journal «без отметок», where a grade is refused).
 */
export function typedKey(
  key: string,
  attendanceOnly = false,
): { kind: 'edit'; text: string } | { kind: 'refused'; hint: string } {
  if (!isCellTyping(key) || key.trim() === '' || key === '/') return { kind: 'refused', hint: notAMark(key) };
  if (attendanceOnly && hasGrade(key)) return { kind: 'refused', hint: ATTENDANCE_ONLY_MESSAGE };
  return { kind: 'edit', text: key };
}

/** What the editor takes while typing: the new text, or a hint and the old text stays. */
export function editedText(
  text: string,
  attendanceOnly = false,
): { kind: 'edit'; text: string } | { kind: 'refused'; hint: string } {
  if (!isCellTyping(text)) return { kind: 'refused', hint: `Недопустимый символ. ${CELL_INPUT_HINT}` };
  if (attendanceOnly && hasGrade(text)) return { kind: 'refused', hint: ATTENDANCE_ONLY_MESSAGE };
  return { kind: 'edit', text };
}

/** A block copied from a spreadsheet: rows by line, cells by tab (a trailing newline is no row). */
export function parsePasteBlock(clipboard: string): string[][] {
  const lines = clipboard.replace(/\r/g, '').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/** Writes of several cells at once (paste, fill down) and the texts that were not marks. */
export interface BlockWrites {
  writes: CellWrite[];
  refused: string[];
}

/**
 * A pasted block lands from the cursor right and down; what falls outside the grid, or on a lesson
 * that has not taken place yet, is dropped.
 */
export function pasteWrites(
  contents: GridContents,
  cursor: GridPlace,
  clipboard: string,
  workTypeId: number | null,
): BlockWrites {
  const writes: CellWrite[] = [];
  const refused: string[] = [];
  parsePasteBlock(clipboard).forEach((line, rowOffset) => {
    line.forEach((value, colOffset) => {
      const place = { row: cursor.row + rowOffset, col: cursor.col + colOffset };
      if (place.row >= contents.rows || place.col >= contents.cols) return;
      if (contents.isFuture?.(place.col)) return;
      const commit = commitCell(contents, place, value, workTypeId);
      if (commit.kind === 'refused') refused.push(value.trim());
      else if (commit.kind === 'write') writes.push(commit.write);
    });
  });
  return { writes, refused };
}

/** The hint after a paste: which values were left out (null when all went in). */
export function pasteHint(refused: readonly string[]): string | null {
  return refused.length > 0
    ? `Не вставлено: ${refused.map((value) => `«${value}»`).join(', ')}. ${CELL_INPUT_HINT}`
    : null;
}

/** Fill down: the cursor's value goes into the empty cells below it in its column. */
export function fillDownWrites(
  contents: GridContents,
  cursor: GridPlace,
  workTypeId: number | null,
): CellWrite[] {
  const text = cellText(contents.shown(cursor));
  if (!text || contents.isFuture?.(cursor.col)) return [];
  const writes: CellWrite[] = [];
  for (let row = cursor.row + 1; row < contents.rows; row++) {
    const place = { row, col: cursor.col };
    if (cellText(contents.shown(place))) continue;
    const commit = commitCell(contents, place, text, workTypeId);
    if (commit.kind === 'write') writes.push(commit.write);
  }
  return writes;
}

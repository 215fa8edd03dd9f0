import type { JournalCell } from '@parta/shared/domain/contracts/journal';
import { ATTENDANCE_ONLY_MESSAGE } from '@parta/shared/domain/marks';
import {
  commitCell,
  editedText,
  FUTURE_LESSON_HINT,
  fillDownWrites,
  type GridContents,
  parsePasteBlock,
  pasteHint,
  pasteWrites,
  typedKey,
} from './grid-editing';

/** A grid of 4 students × 3 lessons (lesson ids 10.., student ids 100..) holding the given cells. */
function gridOf(cells: JournalCell[]): GridContents {
  const at = (row: number, col: number) =>
    cells.find((cell) => cell.lesson_id === 10 + col && cell.student_id === 100 + row);
  return {
    rows: 4,
    cols: 3,
    lessonId: (col) => 10 + col,
    studentId: (row) => 100 + row,
    shown: ({ row, col }) => at(row, col),
    savedVersion: ({ row, col }) => at(row, col)?.version ?? 0,
  };
}

const cell = (row: number, col: number, grades: number[], version = 1, workTypeId: number | null = null) => ({
  lesson_id: 10 + col,
  student_id: 100 + row,
  grades: grades.map((value) => ({ value, work_type_id: workTypeId })),
  attendance: null,
  version,
});

describe('typing into a cell', () => {
  it('writes the typed marks on the version the server last answered', () => {
    const grid = gridOf([cell(0, 0, [4], 3)]);
    expect(commitCell(grid, { row: 0, col: 0 }, '5 н', null)).toEqual({
      kind: 'write',
      write: {
        lesson_id: 10,
        student_id: 100,
        grades: [{ value: 5, work_type_id: null }],
        attendance: 'н',
        version: 3,
      },
    });
  });

  it('keeps a grade’s work type and gives new grades the chosen one', () => {
    const grid = gridOf([cell(1, 2, [5], 2, 7)]);
    const commit = commitCell(grid, { row: 1, col: 2 }, '5/3', 9);
    expect(commit.kind === 'write' && commit.write.grades).toEqual([
      { value: 5, work_type_id: 7 },
      { value: 3, work_type_id: 9 },
    ]);
  });

  it('writes nothing when the text equals the cell', () => {
    expect(commitCell(gridOf([cell(0, 0, [5])]), { row: 0, col: 0 }, ' 5 ', null)).toEqual({
      kind: 'unchanged',
    });
    expect(commitCell(gridOf([]), { row: 0, col: 0 }, '', null)).toEqual({ kind: 'unchanged' });
  });

  it('clears a cell with empty text', () => {
    const commit = commitCell(gridOf([cell(2, 1, [3, 4], 5)]), { row: 2, col: 1 }, '', null);
    expect(commit).toMatchObject({ kind: 'write', write: { grades: [], attendance: null, version: 5 } });
  });

  it('refuses what is not a mark, with the hint', () => {
    const commit = commitCell(gridOf([]), { row: 0, col: 0 }, '6', null);
    expect(commit.kind).toBe('refused');
    expect(commit.kind === 'refused' && commit.hint).toMatch(/^«6» не отметка\. Оценки 1–5/);
    expect(commitCell(gridOf([]), { row: 0, col: 0 }, 'н/б', null).kind).toBe('refused');
  });

  it('starts editing on a mark key and refuses other keys', () => {
    expect(typedKey('4')).toEqual({ kind: 'edit', text: '4' });
    expect(typedKey('Н')).toEqual({ kind: 'edit', text: 'Н' });
    expect(typedKey('7').kind).toBe('refused');
    expect(typedKey('/').kind).toBe('refused');
    expect(typedKey(' ').kind).toBe('refused');
  });

  it('keeps characters that are not marks out of the editor', () => {
    expect(editedText('5/4')).toEqual({ kind: 'edit', text: '5/4' });
    expect(editedText('5x')).toMatchObject({
      kind: 'refused',
      hint: expect.stringMatching(/^Недопустимый символ/),
    });
  });
});

describe('pasting a block', () => {
  it('reads rows by line and cells by tab, without the trailing newline', () => {
    expect(parsePasteBlock('5\t4\r\nн\t\n')).toEqual([
      ['5', '4'],
      ['н', ''],
    ]);
  });

  it('lands from the cursor right and down, drops what falls outside, lists what is refused', () => {
    const grid = gridOf([cell(3, 2, [2], 4)]);
    const { writes, refused } = pasteWrites(grid, { row: 2, col: 1 }, '5\t4\t3\nx\t3\n2\t2', null);
    expect(
      writes.map((write) => [write.student_id, write.lesson_id, write.grades[0]?.value, write.version]),
    ).toEqual([
      [102, 11, 5, 0],
      [102, 12, 4, 0],
      [103, 12, 3, 4],
    ]);
    expect(refused).toEqual(['x']);
    expect(pasteHint(refused)).toMatch(/^Не вставлено: «x»\./);
    expect(pasteHint([])).toBeNull();
  });

  it('leaves unchanged cells out of the batch', () => {
    const { writes } = pasteWrites(gridOf([cell(0, 0, [5])]), { row: 0, col: 0 }, '5\t4', null);
    expect(writes.map((write) => write.lesson_id)).toEqual([11]);
  });
});

describe('filling down', () => {
  it('writes the cursor’s value into the empty cells below it only', () => {
    const grid = gridOf([cell(0, 1, [4]), cell(2, 1, [3])]);
    const writes = fillDownWrites(grid, { row: 0, col: 1 }, 6);
    expect(writes.map((write) => write.student_id)).toEqual([101, 103]);
    expect(writes[0]).toEqual({
      lesson_id: 11,
      student_id: 101,
      grades: [{ value: 4, work_type_id: 6 }],
      attendance: null,
      version: 0,
    });
  });

  it('writes nothing from an empty cell', () => {
    expect(fillDownWrites(gridOf([]), { row: 0, col: 0 }, null)).toEqual([]);
  });
});

describe('a lesson dated after today', () => {
  /** The same grid whose last column (lesson 12) has not taken place yet. */
  const withFuture = (cells: JournalCell[]): GridContents => ({
    ...gridOf(cells),
    isFuture: (col) => col === 2,
  });

  it('refuses a mark typed into its column, with the reason', () => {
    expect(commitCell(withFuture([]), { row: 0, col: 2 }, '5', null)).toEqual({
      kind: 'refused',
      hint: FUTURE_LESSON_HINT,
    });
    expect(commitCell(withFuture([]), { row: 0, col: 1 }, '5', null).kind).toBe('write');
  });

  it('a paste stops at it and a fill down in it writes nothing', () => {
    const pasted = pasteWrites(withFuture([]), { row: 0, col: 1 }, '4\t5\n3\t2', null);
    expect(pasted.writes.map((write) => [write.student_id, write.lesson_id])).toEqual([
      [100, 11],
      [101, 11],
    ]);
    expect(fillDownWrites(withFuture([cell(0, 2, [5])]), { row: 0, col: 2 }, null)).toEqual([]);
  });
});

describe('a journal «без отметок» (the load is not graded)', () => {
  const attendanceOnly = (cells: JournalCell[]): GridContents => ({ ...gridOf(cells), attendanceOnly: true });

  it('takes н and б, refuses a grade with the server’s reason, typed or committed', () => {
    expect(commitCell(attendanceOnly([]), { row: 0, col: 0 }, 'н', null)).toMatchObject({
      kind: 'write',
      write: { grades: [], attendance: 'н' },
    });
    for (const text of ['5', '4 н']) {
      expect(commitCell(attendanceOnly([]), { row: 0, col: 0 }, text, null)).toEqual({
        kind: 'refused',
        hint: ATTENDANCE_ONLY_MESSAGE,
      });
    }
    expect(typedKey('5', true)).toEqual({ kind: 'refused', hint: ATTENDANCE_ONLY_MESSAGE });
    expect(typedKey('б', true)).toEqual({ kind: 'edit', text: 'б' });
    expect(typedKey('5')).toEqual({ kind: 'edit', text: '5' });
    expect(editedText('н/4', true)).toEqual({ kind: 'refused', hint: ATTENDANCE_ONLY_MESSAGE });
    expect(editedText('н', true)).toEqual({ kind: 'edit', text: 'н' });
  });

  it('a paste takes the absences and lists the grades as not pasted; a fill down of н works', () => {
    const pasted = pasteWrites(attendanceOnly([]), { row: 0, col: 0 }, 'н\t5\nб\t', null);
    expect(pasted.writes.map((write) => [write.student_id, write.lesson_id, write.attendance])).toEqual([
      [100, 10, 'н'],
      [101, 10, 'б'],
    ]);
    expect(pasted.refused).toEqual(['5']);
    const absent = { ...cell(0, 1, []), attendance: 'н' as const };
    expect(fillDownWrites(attendanceOnly([absent]), { row: 0, col: 1 }, null)).toHaveLength(3);
  });
});

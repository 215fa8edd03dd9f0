import { type KeyboardEvent, type RefObject, useCallback, useEffect, useState } from 'react';
import type { GridPlace } from '../model/grid-editing';

/**
 * The journal grid's cursor: the selected cell, kept inside the grid, moved by the keyboard
 * (arrows, Enter, Home / End, Tab), and focus returned to it after an edit ends.
 */
export function useGridCursor(
  rows: number,
  cols: number,
  tableRef: RefObject<HTMLTableElement | null>,
  /** The column the grid opens at (today's lesson). */
  initialCol = 0,
) {
  const [cursor, setCursor] = useState<GridPlace>({ row: 0, col: initialCol });

  const move = useCallback(
    (row: number, col: number) =>
      setCursor({ row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(0, Math.min(cols - 1, col)) }),
    [rows, cols],
  );

  /** Focus goes back to the selected cell (after the editor is gone). */
  const focusCursor = useCallback(() => {
    requestAnimationFrame(() =>
      tableRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus(),
    );
  }, [tableRef]);

  /** Moves the cursor for a navigation key; false when the key is not one (the caller goes on). */
  const navigate = (event: KeyboardEvent<HTMLElement>): boolean => {
    const { row, col } = cursor;
    if (event.key === 'Tab') {
      const next = event.shiftKey ? col - 1 : col + 1;
      // Tab past the last lesson leaves the grid as usual.
      if (next < 0 || next >= cols) return true;
      event.preventDefault();
      move(row, next);
      return true;
    }
    const moves: Record<string, [number, number]> = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Enter: [row + 1, col],
      Home: [row, 0],
      End: [row, cols - 1],
    };
    const target = moves[event.key];
    if (!target) return false;
    event.preventDefault();
    move(...target);
    return true;
  };

  return { cursor, setCursor, move, navigate, focusCursor };
}

/** Tells the page which cell the cursor is on (the history drawer follows it). */
export function useCursorReport(
  cursor: GridPlace,
  lessonIds: readonly number[],
  studentIds: readonly number[],
  onCursorChange?: (cell: { lessonId: number; studentId: number } | null) => void,
) {
  const lessonId = lessonIds[cursor.col];
  const studentId = studentIds[cursor.row];
  useEffect(() => {
    onCursorChange?.(lessonId !== undefined && studentId !== undefined ? { lessonId, studentId } : null);
  }, [lessonId, studentId, onCursorChange]);
}

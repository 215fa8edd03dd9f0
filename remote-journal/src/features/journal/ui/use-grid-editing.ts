import type { JournalGrid as Grid } from '@parta/shared/domain/contracts/journal';
import { type ClipboardEvent, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useQueueCellBatch, useQueueCellSave } from '../api/save-cell';
import { cellText } from '../model/cell-text';
import {
  CLOSED_PERIOD_HINT,
  commitCell,
  editedText,
  FUTURE_LESSON_HINT,
  fillDownWrites,
  type GridContents,
  type GridPlace,
  pasteHint,
  pasteWrites,
  READ_ONLY_HINT,
  typedKey,
} from '../model/grid-editing';
import { nextRow } from '../model/mark-bar';
import type { CellHandlers } from './grid-rows';
import type { useGridCursor } from './use-grid-cursor';

/**
 * Cell editing: what a key, an edit, a paste, a fill-down, a pick or a mark tapped on the bar writes
 * (the editing model, model/grid-editing.ts, decides; this sends it: a typed cell on its own through
 * the queue, a paste or fill-down as one atomic batch), the cell being edited and the hint that says
 * why a value was kept out.
 */
export function useGridEditing({
  grid,
  gridKey,
  contents,
  cursorApi,
  isFuture,
  typeId,
  touchScreen,
  openBar,
}: {
  grid: Grid;
  gridKey: readonly unknown[];
  contents: GridContents;
  cursorApi: ReturnType<typeof useGridCursor>;
  isFuture: boolean[];
  typeId: number | null;
  touchScreen: boolean;
  openBar: () => void;
}) {
  const queueSave = useQueueCellSave();
  const queueBatch = useQueueCellBatch();
  const [editing, setEditing] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const { cursor, setCursor, move, navigate, focusCursor } = cursorApi;
  const readOnly = !grid.editable;
  const { attendanceOnly, rows } = contents;

  /** Commits text into one cell; false when it was refused (the hint says why). */
  const save = (place: GridPlace, text: string): boolean => {
    const commit = commitCell(contents, place, text, typeId);
    if (commit.kind === 'refused') {
      setHint(commit.hint);
      return false;
    }
    if (commit.kind === 'write') {
      queueSave({ ...commit.write, gridKey });
      setHint(null);
    }
    return true;
  };

  const refuseReadOnly = () => setHint(grid.period.closed ? CLOSED_PERIOD_HINT : READ_ONLY_HINT);
  /** The cursor's cell takes no change (read-only journal, or a lesson yet to come): says why. */
  const refusedHere = () => {
    if (readOnly) refuseReadOnly();
    else if (isFuture[cursor.col]) setHint(FUTURE_LESSON_HINT);
    else return false;
    return true;
  };

  const commit = (next: GridPlace) => {
    if (editing !== null) save(cursor, editing);
    setEditing(null);
    move(next.row, next.col);
    focusCursor();
  };

  const onEditKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const { row, col } = cursor;
    switch (event.key) {
      case 'Enter':
      case 'ArrowDown':
        event.preventDefault();
        commit({ row: row + 1, col });
        break;
      case 'ArrowUp':
        event.preventDefault();
        commit({ row: row - 1, col });
        break;
      case 'Tab':
        event.preventDefault();
        commit(event.shiftKey ? { row, col: col - 1 } : { row, col: col + 1 });
        break;
      case 'Escape':
        event.preventDefault();
        setEditing(null);
        setHint(null);
        focusCursor();
        break;
    }
    event.stopPropagation();
  };

  const onEditChange = (text: string) => {
    const edit = editedText(text, attendanceOnly);
    if (edit.kind === 'refused') {
      setHint(edit.hint);
      return;
    }
    setHint(null);
    setEditing(edit.text);
  };

  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    if (editing !== null) return;
    if (navigate(event)) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'd') {
      event.preventDefault();
      // Fill down: one atomic batch for the whole column.
      if (!refusedHere()) queueBatch({ gridKey, cells: fillDownWrites(contents, cursor, typeId) });
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      if (!refusedHere()) save(cursor, '');
      return;
    }
    if (event.key === 'F2') {
      event.preventDefault();
      if (!refusedHere()) setEditing(cellText(contents.shown(cursor)));
      return;
    }
    if (event.key.length === 1) {
      event.preventDefault();
      if (refusedHere()) return;
      const typed = typedKey(event.key, attendanceOnly);
      if (typed.kind === 'refused') {
        setHint(typed.hint);
        return;
      }
      setHint(null);
      setEditing(typed.text);
    }
  };

  /** A block copied from a spreadsheet lands from the cursor right and down, as one atomic batch. */
  const onPaste = (event: ClipboardEvent<HTMLTableElement>) => {
    if (editing !== null) return;
    event.preventDefault();
    if (readOnly) return refuseReadOnly();
    const { writes, refused } = pasteWrites(
      contents,
      cursor,
      event.clipboardData.getData('text/plain'),
      typeId,
    );
    queueBatch({ gridKey, cells: writes });
    setHint(pasteHint(refused));
  };

  const onPick = (row: number, col: number, touch: boolean) => {
    // Clicking away from a cell being edited keeps what was typed, as Enter would.
    if (editing !== null && (row !== cursor.row || col !== cursor.col)) save(cursor, editing);
    setEditing(null);
    setCursor({ row, col });
    if (touch || touchScreen) openBar();
  };

  /** A mark tapped on the bar: saved as if typed into the cursor's cell, then the next pupil down. */
  const onBarWrite = (text: string) => {
    if (save(cursor, text)) move(nextRow(cursor.row, rows), cursor.col);
  };

  // Cells get stable handlers (reading the latest ones through a ref), so a render redraws only changed cells.
  const handlers = useRef({ onEditChange, onEditKey, onPick });
  handlers.current = { onEditChange, onEditKey, onPick };
  const stable: CellHandlers = useMemo(
    () => ({
      onEditChange: (text: string) => handlers.current.onEditChange(text),
      onEditKey: (event: KeyboardEvent<HTMLInputElement>) => handlers.current.onEditKey(event),
      onPick: (row: number, col: number, touch: boolean) => handlers.current.onPick(row, col, touch),
    }),
    [],
  );

  return { editing, hint, onGridKey, onPaste, onBarWrite, stable };
}

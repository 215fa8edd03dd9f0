import { Text } from '@mantine/core';
import { formatDate, fullName, useMedia } from '@parta/shared';
import type { JournalGrid as Grid } from '@parta/shared/domain/contracts/journal';
import { memo, useRef, useState } from 'react';
import { cellKey, useCellSaveStates } from '../api/save-cell';
import { cellText } from '../model/cell-text';
import { CLOSED_PERIOD_HINT, FUTURE_LESSON_HINT, READ_ONLY_HINT } from '../model/grid-editing';
import { openingColumn } from '../model/today-column';
import { ConflictList } from './conflict-list';
import { STATE_LABELS } from './grid-cell';
import { GridHeader } from './grid-header';
import { GridRows } from './grid-rows';
import { GridToolbar } from './grid-toolbar';
import classes from './journal-grid.module.css';
import { MarkBar } from './mark-bar';
import { useCursorReport, useGridCursor } from './use-grid-cursor';
import { useGridData } from './use-grid-data';
import { useGridEditing } from './use-grid-editing';
import { useGridScroll } from './use-grid-scroll';

/** A touch screen, or a window as narrow as a phone: cells picked there open the mark bar. */
const TOUCH_SCREEN = '(pointer: coarse), (max-width: 600px)';

interface JournalGridProps {
  grid: Grid;
  gridKey: readonly unknown[];
  /** Opens the topic and homework of a lesson (column header). */
  onLessonOpen: (lessonId: number) => void;
  /** Tells the page which cell the cursor is on (history). */
  onCursorChange?: (cell: { lessonId: number; studentId: number } | null) => void;
  /** The day whose lesson the grid opens at, scrolled into view: the school's today unless a link asks for another. */
  openDay: string;
}

/**
 * The class journal grid (ARIA grid): students × dated lessons, typed into with the keyboard alone.
 * The cursor hook moves the selection, the editing model (model/grid-editing.ts) decides what a
 * key, a paste or a fill-down writes, and this view sends it: a typed cell on its own through the
 * queue (save-cell.ts), a paste or fill-down as one atomic batch. Each cell shows saving / queued /
 * saved / failed; a refused value is kept out with a hint and the old value stays.
 * Its parts: the cursor (use-grid-cursor.ts: keyboard navigation), what is shown (use-grid-data.ts),
 * cell editing (use-grid-editing.ts), scrolling and the touch screen's mark bar (use-grid-scroll.ts),
 * the header (grid-header.tsx), the rows (grid-rows.tsx) and their cells (grid-cell.tsx).
 * Memoised: the page's own state (the history drawer, the cursor it is told of) does not redraw it.
 */
export const JournalGrid = memo(function JournalGrid({
  grid,
  gridKey,
  onLessonOpen,
  onCursorChange,
  openDay,
}: JournalGridProps) {
  const saves = useCellSaveStates();
  const [workTypeId, setWorkTypeId] = useState<string | null>(null);
  // On a touch screen (or a phone-wide window) a picked cell opens the mark bar: no keyboard needed.
  const touchScreen = useMedia(TOUCH_SCREEN);
  const [barOpen, setBarOpen] = useState(false);
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  // Opened at today's lesson: a teacher comes to the journal to mark the lesson being given, and on a
  // phone the term's first lessons are a dozen swipes away from it.
  const [openCol] = useState(() => openingColumn(grid.lessons, openDay));
  const readOnly = !grid.editable;
  const data = useGridData(grid, saves);
  const { rows, cols, attendanceOnly, isFuture, saved, shown } = data;
  const cursorApi = useGridCursor(rows, cols, tableRef, openCol);
  const { cursor, focusCursor } = cursorApi;
  useCursorReport(cursor, data.lessonIds, data.studentIds, onCursorChange);
  const { editing, hint, onGridKey, onPaste, onBarWrite, stable } = useGridEditing({
    grid,
    gridKey,
    contents: data.contents,
    cursorApi,
    isFuture,
    typeId: workTypeId ? Number(workTypeId) : null,
    touchScreen,
    openBar: () => setBarOpen(true),
  });
  useGridScroll({ scrollerRef, tableRef, openCol, barOpen, cursor });

  const barStudent = grid.students[cursor.row];
  const barLesson = grid.lessons[cursor.col];
  const barStatus = barLesson && barStudent ? saves.get(cellKey(barLesson.id, barStudent.id)) : undefined;

  const conflicts = [...saves.values()].filter(
    (status) => status.state === 'conflict' || status.state === 'failed',
  );

  return (
    <>
      <GridToolbar
        workTypes={grid.work_types}
        showWorkTypes={grid.work_types.length > 0 && !readOnly && !attendanceOnly}
        workTypeId={workTypeId}
        onWorkTypeChange={setWorkTypeId}
        touchScreen={touchScreen}
        attendanceOnly={attendanceOnly}
      />
      <Text role="status" aria-live="polite" size="sm" c="red" mih={22} data-testid="journal-hint">
        {hint}
      </Text>
      {conflicts.length > 0 ? <ConflictList conflicts={conflicts} grid={grid} saved={saved} /> : null}
      <div className={classes.scroller} ref={scrollerRef}>
        <table
          ref={tableRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the journal is an ARIA grid (issue 11), typed into with the keyboard
          role="grid"
          aria-label={`Журнал ${grid.load.group_name}, ${grid.load.subject_name}`}
          aria-rowcount={rows + 1}
          aria-colcount={cols + 3}
          aria-readonly={readOnly || undefined}
          className={classes.table}
          data-testid="journal-grid"
          onKeyDown={onGridKey}
          onPaste={onPaste}
        >
          <GridHeader lessons={grid.lessons} isFuture={isFuture} onLessonOpen={onLessonOpen} />
          <GridRows
            grid={grid}
            saves={saves}
            shown={shown}
            averages={data.averages}
            finals={data.finals}
            cursor={cursor}
            editing={editing}
            readOnly={readOnly}
            isFuture={isFuture}
            handlers={stable}
          />
        </table>
      </div>
      {barOpen && barStudent && barLesson ? (
        <>
          {/* Room below the grid, so the last pupils can be scrolled above the bar. */}
          <div className={classes.barRoom} />
          <MarkBar
            pupil={`${cursor.row + 1}. ${fullName(barStudent)}`}
            date={formatDate(barLesson.date)}
            text={cellText(shown(barLesson.id, barStudent.id))}
            stateLabel={barStatus ? STATE_LABELS[barStatus.state] : null}
            refusal={
              readOnly
                ? grid.period.closed
                  ? CLOSED_PERIOD_HINT
                  : READ_ONLY_HINT
                : isFuture[cursor.col]
                  ? FUTURE_LESSON_HINT
                  : null
            }
            hint={hint}
            attendanceOnly={attendanceOnly}
            onWrite={onBarWrite}
            onClose={() => {
              setBarOpen(false);
              focusCursor();
            }}
          />
        </>
      ) : null}
    </>
  );
});

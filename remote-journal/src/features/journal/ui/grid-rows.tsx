import { fullName, initials } from '@parta/shared';
import type { JournalGrid as Grid } from '@parta/shared/domain/contracts/journal';
import { averageColor, finalMarkState, formatAverage, proposeMark } from '@parta/shared/domain/marks';
import { type KeyboardEvent, startTransition, useEffect, useMemo, useState } from 'react';
import { type CellSaveStatus, cellKey } from '../api/save-cell';
import { cellText } from '../model/cell-text';
import type { GridPlace } from '../model/grid-editing';
import { CellView, FinalCell } from './grid-cell';
import classes from './journal-grid.module.css';

/** The handlers every cell shares (stable across renders: a render redraws only changed cells). */
export interface CellHandlers {
  onEditChange: (text: string) => void;
  onEditKey: (event: KeyboardEvent<HTMLInputElement>) => void;
  onPick: (row: number, col: number, touch: boolean) => void;
}

/** Pupils drawn in the grid's first commit: more than a screen holds, on a desktop or a phone. */
export const FIRST_ROWS = 16;

/**
 * How many rows to draw: the first block at once, every row in the commit that follows, rendered in
 * a transition (in slices, yielding to input) after the first block has painted. The grid's first
 * commit (a class of 30 pupils by 60 lessons is ~2,000 cells) then holds about half of its cells.
 */
export function useRowsInBlocks(total: number): number {
  const [drawn, setDrawn] = useState(() => Math.min(total, FIRST_ROWS));
  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => startTransition(() => setDrawn(total)), 0);
    return () => clearTimeout(timer);
  }, [drawn, total]);
  return Math.min(drawn, total);
}

/**
 * The grid's body: a row per pupil — the name (full, or «Комарова А. С.» on a phone), a cell per
 * lesson, the weighted average and the final mark.
 */
export function GridRows({
  grid,
  saves,
  shown,
  averages,
  finals,
  cursor,
  editing,
  readOnly,
  isFuture,
  handlers,
}: {
  grid: Grid;
  saves: Map<string, CellSaveStatus>;
  shown: (lessonId: number, studentId: number) => Parameters<typeof cellText>[0];
  averages: (number | null)[];
  finals: Map<number, Grid['final_marks'][number]['value']>;
  cursor: GridPlace;
  editing: string | null;
  readOnly: boolean;
  isFuture: boolean[];
  handlers: CellHandlers;
}) {
  // Pupils' homework works waiting for review: a dot in their cells (issue 54).
  const waiting = useMemo(
    () => new Set((grid.waiting_work ?? []).map((work) => cellKey(work.lesson_id, work.student_id))),
    [grid.waiting_work],
  );
  const drawn = useRowsInBlocks(grid.students.length);
  return (
    <tbody>
      {grid.students.slice(0, drawn).map((student, row) => {
        const average = averages[row];
        return (
          <tr key={student.id}>
            {/* The pupil names the row for a screen reader (scope="row"). A phone shows «Комарова А. С.»
                (two lines if need be), never a name cut to «Комарова …» that two classmates share. */}
            <th scope="row" className={classes.name} title={fullName(student)} data-testid="pupil-name">
              <span className={classes.fullName}>
                {row + 1}. {fullName(student)}
              </span>
              {/* «А. П.» kept together: the line breaks after the surname, never between the initials. */}
              <span className={classes.shortName}>
                {`${row + 1}. ${student.surname} ${initials(student).replace(' ', '\u00a0')}`}
              </span>
            </th>
            {grid.lessons.map((lesson, col) => {
              const key = cellKey(lesson.id, student.id);
              const status: CellSaveStatus | undefined = saves.get(key);
              const selected = cursor.row === row && cursor.col === col;
              return (
                <CellView
                  key={lesson.id}
                  row={row}
                  col={col}
                  text={cellText(shown(lesson.id, student.id))}
                  state={status?.state}
                  selected={selected}
                  editing={selected ? editing : null}
                  readOnly={readOnly || isFuture[col]}
                  future={isFuture[col]}
                  waiting={waiting.has(key)}
                  onEditChange={handlers.onEditChange}
                  onEditKey={handlers.onEditKey}
                  onPick={handlers.onPick}
                />
              );
            })}
            <td
              className={`${classes.summary} ${classes.average} ${average === null ? '' : classes[averageColor(average)]}`}
              data-testid="average"
              data-color={average === null ? undefined : averageColor(average)}
            >
              {formatAverage(average)}
            </td>
            <FinalCell
              state={finalMarkState(
                finals.get(student.id),
                proposeMark(average, grid.thresholds),
                grid.period.closed,
              )}
            />
          </tr>
        );
      })}
    </tbody>
  );
}

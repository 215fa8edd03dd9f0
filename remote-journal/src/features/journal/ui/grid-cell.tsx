import { type finalMarkState, finalMarkText, finalMarkTitle } from '@parta/shared/domain/marks';
import { type KeyboardEvent, memo, type PointerEvent, useEffect, useRef } from 'react';
import type { CellSaveState } from '../api/save-cell';
import classes from './journal-grid.module.css';

/** The journal's cells: one mark cell (typed into in place) and the «Итог» cell of a row. */

export const STATE_LABELS: Record<CellSaveState, string> = {
  saving: 'сохраняется',
  queued: 'в очереди',
  saved: 'сохранено',
  failed: 'не сохранено',
  conflict: 'изменено другим пользователем',
};

interface CellViewProps {
  row: number;
  col: number;
  text: string;
  state: CellSaveState | undefined;
  selected: boolean;
  editing: string | null;
  readOnly: boolean;
  /** A lesson dated after today: shown shaded, takes no marks. */
  future: boolean;
  /** The pupil handed in homework work waiting for review: a small dot. */
  waiting?: boolean;
  onEditChange: (text: string) => void;
  onEditKey: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** A cell picked with the mouse, a pen or a finger (`touch`: the mark bar opens). */
  onPick: (row: number, col: number, touch: boolean) => void;
}

/** One grid cell; memoised so moving the cursor redraws two cells, not 1,750. */
export const CellView = memo(function CellView(props: CellViewProps) {
  const ref = useRef<HTMLTableCellElement>(null);
  const drawn = useRef(false);
  useEffect(() => {
    // Not when the grid is first drawn: the page opens at its top (a phone does not jump to the
    // grid), and the layout of a thousand new cells is not forced inside the task that made them.
    // Tab reaches the selected cell; a click or a tap selects another.
    if (!drawn.current) {
      drawn.current = true;
      return;
    }
    if (props.selected && props.editing === null && ref.current && ref.current !== document.activeElement) {
      ref.current.focus({ preventScroll: false });
    }
  }, [props.selected, props.editing]);
  return (
    <td
      ref={ref}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an ARIA grid is a table whose cells take the keyboard
      role="gridcell"
      aria-selected={props.selected}
      aria-readonly={props.readOnly || undefined}
      aria-label={props.state ? `${props.text || 'пусто'}, ${STATE_LABELS[props.state]}` : undefined}
      tabIndex={props.selected ? 0 : -1}
      data-state={props.state}
      data-row={props.row}
      data-col={props.col}
      data-waiting={props.waiting || undefined}
      title={props.waiting ? 'Сдана работа, ждёт проверки' : undefined}
      className={`${classes.cell} ${/[нб]/.test(props.text) ? classes.absent : ''} ${props.future ? classes.future : ''}`}
      onPointerDown={(event: PointerEvent) =>
        props.onPick(props.row, props.col, event.pointerType === 'touch')
      }
    >
      {props.editing !== null ? (
        <input
          className={classes.editor}
          aria-label="Отметка"
          // biome-ignore lint/a11y/noAutofocus: typing goes straight into the cell being edited
          autoFocus
          value={props.editing}
          onChange={(event) => props.onEditChange(event.currentTarget.value)}
          onKeyDown={props.onEditKey}
        />
      ) : (
        props.text
      )}
      {props.waiting ? <span className={classes.waiting} aria-hidden="true" /> : null}
    </td>
  );
});

/** «Итог»: the final mark as everywhere else (shared finalMarkText: «4», «4?» proposed, «—»). */
export function FinalCell({ state }: { state: ReturnType<typeof finalMarkState> }) {
  const title = finalMarkTitle(state);
  return (
    <td
      className={`${classes.summary} ${classes.final} ${state.kind === 'confirmed' ? '' : classes.notConfirmed}`}
      data-testid="final-proposal"
      data-state={state.kind}
      title={title}
      aria-label={title}
    >
      {finalMarkText(state)}
    </td>
  );
}

import { MAX_GRADES_PER_CELL, parseCellText } from '@parta/shared/domain/marks';
import { notAMark } from './grid-editing';

/**
 * The touch mark bar's model: what a thumb's tap on «5», «н», «несколько» or «очистить» does. One
 * tap of a mark writes the cell at once and the cursor goes to the next pupil down the column; in
 * «несколько» mode taps gather a double mark («5/4») that «готово» writes. The text it produces is
 * what a teacher would type on the keyboard, so it goes through the grid's own commit (parseCellText
 * and commitCell): one parser, one save path.
 */

/** The bar's mark buttons, in the order a thumb meets them. */
export const BAR_MARKS = ['5', '4', '3', '2', '1', 'н', 'б'] as const;
export type BarMark = (typeof BAR_MARKS)[number];

/** The buttons the bar offers: a journal «без отметок» (`attendanceOnly`) takes н and б only. */
export function barMarks(attendanceOnly: boolean): readonly BarMark[] {
  return attendanceOnly ? BAR_MARKS.filter((mark) => mark === 'н' || mark === 'б') : BAR_MARKS;
}

/** The bar's state: one tap writes (`draft` null), or several marks are being gathered. */
export interface BarState {
  draft: string | null;
}

/** What a tap leads to: write this text into the cell (and go down), or a new state, or a hint. */
export type BarOutcome =
  | { kind: 'write'; text: string }
  | { kind: 'draft'; state: BarState }
  | { kind: 'refused'; hint: string };

export const SINGLE: BarState = { draft: null };

/** A mark button tapped. */
export function tapMark(state: BarState, mark: BarMark): BarOutcome {
  if (state.draft === null) return { kind: 'write', text: mark };
  const text = state.draft === '' ? mark : `${state.draft}/${mark}`;
  if (!parseCellText(text)) {
    const grades = text.split('/').filter((part) => /^[1-5]$/.test(part)).length;
    return {
      kind: 'refused',
      hint:
        grades > MAX_GRADES_PER_CELL
          ? `В клетке не больше ${MAX_GRADES_PER_CELL} оценок`
          : /[нб].*\/.*[нб]/.test(text)
            ? 'В клетке одна отметка посещаемости: н или б'
            : notAMark(text),
    };
  }
  return { kind: 'draft', state: { draft: text } };
}

/** «несколько» tapped: starts gathering marks (or, tapped again, goes back to one tap, one mark). */
export function toggleSeveral(state: BarState): BarState {
  return state.draft === null ? { draft: '' } : SINGLE;
}

/** «готово» in «несколько» mode: the gathered marks go into the cell (nothing gathered: nothing). */
export function finishSeveral(state: BarState): BarOutcome {
  if (!state.draft) return { kind: 'draft', state: SINGLE };
  return { kind: 'write', text: state.draft };
}

/** «⌫» in «несколько» mode: the last gathered mark goes. */
export function dropLast(state: BarState): BarState {
  if (!state.draft) return state;
  return { draft: state.draft.split('/').slice(0, -1).join('/') };
}

/** «очистить»: the cell is emptied (an empty text clears it, as Delete does on the keyboard). */
export const CLEAR_TEXT = '';

/** The row the cursor goes to after a write: the next pupil down, the last one stays. */
export function nextRow(row: number, rows: number): number {
  return Math.min(row + 1, rows - 1);
}

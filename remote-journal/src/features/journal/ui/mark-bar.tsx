import { useEffect, useState } from 'react';
import {
  type BarOutcome,
  type BarState,
  barMarks,
  CLEAR_TEXT,
  dropLast,
  finishSeveral,
  SINGLE,
  tapMark,
  toggleSeveral,
} from '../model/mark-bar';
import classes from './mark-bar.module.css';

interface MarkBarProps {
  /** The selected pupil and lesson date, shown above the buttons. */
  pupil: string;
  date: string;
  /** What the cell holds now («5/4», «н»…), and its save state in words. */
  text: string;
  stateLabel: string | null;
  /** Why the cell takes no mark (read-only journal, lesson yet to come); the buttons are off. */
  refusal: string | null;
  /** The last refusal of a write (the grid's hint), repeated here where the thumb is. */
  hint: string | null;
  /** A journal «без отметок»: only н and б are offered, and no «несколько». */
  attendanceOnly?: boolean;
  /** Writes the text into the cell through the grid's own commit; the grid then moves down. */
  onWrite: (text: string) => void;
  onClose: () => void;
}

/**
 * Mark entry for a thumb (issue 20): a bar fixed to the bottom of a touch screen with large buttons
 * 5 4 3 2 1 н б, «очистить» and «несколько» for a double mark (a journal «без отметок»: н б and
 * «очистить»). It only turns taps into the text a keyboard would type (model/mark-bar.ts); the grid
 * saves it exactly as a typed cell.
 */
export function MarkBar({
  pupil,
  date,
  text,
  stateLabel,
  refusal,
  hint,
  attendanceOnly = false,
  onWrite,
  onClose,
}: MarkBarProps) {
  const [state, setState] = useState<BarState>(SINGLE);
  const [ownHint, setOwnHint] = useState<string | null>(null);
  const several = state.draft !== null;
  // Another cell: a half-gathered double mark is not carried over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the selected cell changes
  useEffect(() => {
    setState((current) => (current.draft ? { draft: '' } : current));
    setOwnHint(null);
  }, [pupil, date]);

  const apply = (outcome: BarOutcome) => {
    if (outcome.kind === 'refused') return setOwnHint(outcome.hint);
    setOwnHint(null);
    if (outcome.kind === 'draft') return setState(outcome.state);
    // A double mark written: the next pupil starts a new one.
    if (several) setState({ draft: '' });
    onWrite(outcome.text);
  };

  const shownHint = ownHint ?? refusal ?? hint;
  return (
    <section className={classes.bar} aria-label="Ввод отметки" data-testid="mark-bar">
      <div className={classes.head}>
        <div className={classes.where}>
          <div className={classes.pupil} data-testid="mark-bar-pupil">
            {pupil}
          </div>
          <div className={classes.meta}>
            <span data-testid="mark-bar-date">{date}</span>
            {' · '}
            <span data-testid="mark-bar-value">{text ? `«${text}»` : 'пусто'}</span>
            {stateLabel ? ` · ${stateLabel}` : null}
          </div>
        </div>
        <button type="button" className={classes.close} onClick={onClose} aria-label="Закрыть ввод отметки">
          ✕
        </button>
      </div>
      {several ? (
        <div className={classes.draft} aria-live="polite" data-testid="mark-bar-draft">
          Несколько: {state.draft ? `«${state.draft}»` : 'нажмите оценки по очереди'}
        </div>
      ) : null}
      <div className={classes.hint} role="status" aria-live="polite">
        {shownHint}
      </div>
      <div className={classes.marks}>
        {barMarks(attendanceOnly).map((mark) => (
          <button
            key={mark}
            type="button"
            className={`${classes.button} ${mark === 'н' || mark === 'б' ? classes.absence : ''}`}
            disabled={refusal !== null}
            onClick={() => apply(tapMark(state, mark))}
            aria-label={mark === 'н' ? 'н — отсутствовал' : mark === 'б' ? 'б — болел' : `Оценка ${mark}`}
          >
            {mark}
          </button>
        ))}
      </div>
      <div className={classes.actions}>
        <button
          type="button"
          className={classes.action}
          disabled={refusal !== null}
          onClick={() => (several ? setState(dropLast(state)) : apply({ kind: 'write', text: CLEAR_TEXT }))}
        >
          {several ? 'убрать последнюю' : 'очистить'}
        </button>
        {attendanceOnly ? null : (
          <button
            type="button"
            className={classes.action}
            disabled={refusal !== null}
            aria-pressed={several}
            onClick={() => {
              setOwnHint(null);
              setState(toggleSeveral(state));
            }}
          >
            {several ? 'по одной' : 'несколько'}
          </button>
        )}
        {several ? (
          <button
            type="button"
            className={`${classes.action} ${classes.done}`}
            disabled={!state.draft}
            onClick={() => apply(finishSeveral(state))}
          >
            готово
          </button>
        ) : null}
      </div>
    </section>
  );
}

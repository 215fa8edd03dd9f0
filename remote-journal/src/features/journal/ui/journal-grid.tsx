import { Alert, Group, NativeSelect, Text } from '@mantine/core';
import { formatDate, fullName, initials, useMedia } from '@parta/shared';
import type { JournalGrid as Grid, JournalCell } from '@parta/shared/domain/contracts/journal';
import {
  averageColor,
  finalMarkState,
  finalMarkText,
  finalMarkTitle,
  formatAverage,
  proposeMark,
  weightedAverage,
  weightedGrades,
} from '@parta/shared/domain/marks';
import { type KeyboardEvent, memo, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  type CellSaveState,
  type CellSaveStatus,
  cellKey,
  saveErrorText,
  useCellSaveStates,
  useQueueCellBatch,
  useQueueCellSave,
} from '../api/save-cell';
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
import { openingColumn } from '../model/today-column';
import classes from './journal-grid.module.css';
import { MarkBar } from './mark-bar';
import { useCursorReport, useGridCursor } from './use-grid-cursor';

/** A touch screen, or a window as narrow as a phone: cells picked there open the mark bar. */
const TOUCH_SCREEN = '(pointer: coarse), (max-width: 600px)';

const STATE_LABELS: Record<CellSaveState, string> = {
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
  onEditChange: (text: string) => void;
  onEditKey: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** A cell picked with the mouse, a pen or a finger (`touch`: the mark bar opens). */
  onPick: (row: number, col: number, touch: boolean) => void;
}

/** One grid cell; memoised so moving the cursor redraws two cells, not 1,750. */
const CellView = memo(function CellView(props: CellViewProps) {
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
    </td>
  );
});

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
  const queueSave = useQueueCellSave();
  const queueBatch = useQueueCellBatch();
  const [editing, setEditing] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
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
  // A load line «без отметок»: attendance only, a grade is refused here before any request.
  const attendanceOnly = !grid.load.graded;
  const rows = grid.students.length;
  const cols = grid.lessons.length;
  const { cursor, setCursor, move, navigate, focusCursor } = useGridCursor(rows, cols, tableRef, openCol);
  const lessonIds = useMemo(() => grid.lessons.map((lesson) => lesson.id), [grid.lessons]);
  const studentIds = useMemo(() => grid.students.map((student) => student.id), [grid.students]);
  useCursorReport(cursor, lessonIds, studentIds, onCursorChange);

  // Lessons after the school's today take no marks yet: their columns are read-only.
  const isFuture = useMemo(
    () => grid.lessons.map((lesson) => lesson.date > grid.today),
    [grid.lessons, grid.today],
  );

  const saved = useMemo(() => {
    const map = new Map<string, JournalCell>();
    for (const cell of grid.cells) map.set(cellKey(cell.lesson_id, cell.student_id), cell);
    return map;
  }, [grid.cells]);

  /** What a cell holds on screen: the typed value while it is on its way, else the saved one. */
  const shown = (lessonId: number, studentId: number) => {
    const key = cellKey(lessonId, studentId);
    const status = saves.get(key);
    if (status && (status.state === 'saving' || status.state === 'queued')) return status.save;
    return saved.get(key);
  };

  // Confirmed marks read plain, a proposal from the average «4?» (shared finalMarkState).
  const finals = useMemo(
    () => new Map(grid.final_marks.map((mark) => [mark.student_id, mark.value])),
    [grid.final_marks],
  );

  const averages = useMemo(() => {
    return grid.students.map((student) => {
      const cells = grid.lessons
        .map((lesson) => {
          const key = cellKey(lesson.id, student.id);
          const status = saves.get(key);
          return status && (status.state === 'saving' || status.state === 'queued')
            ? status.save
            : saved.get(key);
        })
        .filter((cell): cell is NonNullable<typeof cell> => cell !== undefined)
        .map((cell) => ({
          grades: cell.grades.map((grade) => ({
            value: grade.value,
            work_type_id: grade.work_type_id ?? null,
          })),
        }));
      return weightedAverage(weightedGrades(cells, grid.work_types));
    });
  }, [grid.students, grid.lessons, grid.work_types, saves, saved]);

  const contents: GridContents = {
    rows,
    cols,
    lessonId: (col) => lessonIds[col],
    studentId: (row) => studentIds[row],
    shown: ({ row, col }) => shown(lessonIds[col], studentIds[row]),
    savedVersion: ({ row, col }) => saved.get(cellKey(lessonIds[col], studentIds[row]))?.version ?? 0,
    isFuture: (col) => isFuture[col] ?? false,
    attendanceOnly,
  };
  const typeId = workTypeId ? Number(workTypeId) : null;

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
  const onPaste = (event: React.ClipboardEvent<HTMLTableElement>) => {
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
    if (touch || touchScreen) setBarOpen(true);
  };

  /** A mark tapped on the bar: saved as if typed into the cursor's cell, then the next pupil down. */
  const onBarWrite = (text: string) => {
    if (save(cursor, text)) move(nextRow(cursor.row, rows), cursor.col);
  };

  // Once drawn (after the paint, so the layout read here is the one the paint made), the opening
  // column is scrolled to just right of the sticky names: today's lesson in view, on a phone too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the grid is first drawn
  useEffect(() => {
    const scroller = scrollerRef.current;
    const header = tableRef.current?.querySelector<HTMLElement>(`th[data-col="${openCol}"]`);
    const names = tableRef.current?.querySelector<HTMLElement>('thead th');
    if (!scroller || !header || !names || openCol === 0) return;
    const left = header.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
    scroller.scrollLeft += left - names.offsetWidth;
  }, []);

  // With the bar open, the selected cell is kept in the middle of the screen, above the bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the cursor moves, to bring its cell into view
  useEffect(() => {
    if (!barOpen) return;
    tableRef.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'center', inline: 'nearest' });
  }, [barOpen, cursor]);

  // Cells get stable handlers (reading the latest ones through a ref), so a render redraws only changed cells.
  const handlers = useRef({ onEditChange, onEditKey, onPick });
  handlers.current = { onEditChange, onEditKey, onPick };
  const stable = useMemo(
    () => ({
      onEditChange: (text: string) => handlers.current.onEditChange(text),
      onEditKey: (event: KeyboardEvent<HTMLInputElement>) => handlers.current.onEditKey(event),
      onPick: (row: number, col: number, touch: boolean) => handlers.current.onPick(row, col, touch),
    }),
    [],
  );
  const barStudent = grid.students[cursor.row];
  const barLesson = grid.lessons[cursor.col];
  const barStatus = barLesson && barStudent ? saves.get(cellKey(barLesson.id, barStudent.id)) : undefined;

  const conflicts = [...saves.values()].filter(
    (status) => status.state === 'conflict' || status.state === 'failed',
  );

  return (
    <>
      <Group gap="sm" mb="xs" align="flex-end">
        {grid.work_types.length > 0 && !readOnly && !attendanceOnly ? (
          // A native list: a phone opens its own picker, and there is no floating dropdown to
          // position (Mantine's measured the page, the thousand cells included, when it appeared).
          <NativeSelect
            label="Вид работы для новых оценок"
            data={[
              { value: '', label: 'Без вида работы (вес 1)' },
              ...grid.work_types.map((type) => ({
                value: String(type.id),
                label:
                  type.weight === 1
                    ? type.name
                    : `${type.name} (вес ${String(type.weight).replace('.', ',')})`,
              })),
            ]}
            value={workTypeId ?? ''}
            onChange={(event) => setWorkTypeId(event.currentTarget.value || null)}
            w={300}
          />
        ) : null}
        {/* Keyboard hints are no use to a thumb: a touch screen gets the mark bar instead. */}
        {touchScreen ? null : (
          <Text size="xs" c="dimmed" maw={520}>
            {attendanceOnly
              ? 'Предмет без отметок: н, б — пропуск; стрелки, Tab и Enter — переход; Delete — очистить; Ctrl+D — заполнить вниз.'
              : 'Стрелки, Tab и Enter — переход; 1–5, н, б — отметка (несколько оценок через /); Delete — очистить; Ctrl+D — заполнить вниз; вставка блока из таблицы — Ctrl+V.'}
          </Text>
        )}
      </Group>
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
          <thead>
            <tr>
              <th scope="col" className={classes.name}>
                Ученик
              </th>
              {grid.lessons.map((lesson, col) => (
                <th
                  key={lesson.id}
                  scope="col"
                  className={`${classes.lesson} ${isFuture[col] ? classes.future : ''}`}
                  title={
                    isFuture[col]
                      ? `${lesson.topic ?? 'Тема не указана'} — урок ещё не прошёл`
                      : (lesson.topic ?? 'Тема не указана')
                  }
                  data-col={col}
                  data-future={isFuture[col] || undefined}
                  data-testid="lesson-header"
                >
                  <button type="button" className={classes.date} onClick={() => onLessonOpen(lesson.id)}>
                    <span className={classes.day}>
                      {lesson.date.slice(8, 10)}.{lesson.date.slice(5, 7)}
                    </span>
                    {/* Truncated to two short lines; the full topic is the header's tooltip. */}
                    <span
                      className={lesson.topic ? classes.topic : classes.noTopic}
                      data-testid={lesson.topic ? 'lesson-topic' : undefined}
                    >
                      {lesson.topic ?? 'без темы'}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col" className={`${classes.summary} ${classes.average}`}>
                Средний
              </th>
              <th scope="col" className={`${classes.summary} ${classes.final}`}>
                Итог
              </th>
            </tr>
          </thead>
          <tbody>
            {grid.students.map((student, row) => {
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
                        onEditChange={stable.onEditChange}
                        onEditKey={stable.onEditKey}
                        onPick={stable.onPick}
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

/** Saves the server refused: a newer value by someone else (shown in the cell), or a refusal. */
function ConflictList({
  conflicts,
  grid,
  saved,
}: {
  conflicts: CellSaveStatus[];
  grid: Grid;
  saved: Map<string, JournalCell>;
}) {
  const studentName = new Map(grid.students.map((student) => [student.id, fullName(student)]));
  const lessonDate = new Map(grid.lessons.map((lesson) => [lesson.id, lesson.date]));
  const shownConflicts = conflicts.filter((status) => lessonDate.has(status.save.lesson_id)).slice(-5);
  if (shownConflicts.length === 0) return null;
  return (
    <Alert color="red" mb="xs" title="Не сохранено" data-testid="journal-conflicts">
      {shownConflicts.map((status) => {
        const key = cellKey(status.save.lesson_id, status.save.student_id);
        const date = lessonDate.get(status.save.lesson_id) ?? '';
        const where = `${studentName.get(status.save.student_id) ?? ''}, ${date.slice(8, 10)}.${date.slice(5, 7)}`;
        return (
          <Text size="sm" key={key}>
            {status.state === 'conflict'
              ? `${where}: клетку изменил другой пользователь — сейчас «${cellText(saved.get(key)) || 'пусто'}», ваше «${cellText(status.save) || 'пусто'}» не сохранено.`
              : `${where}: «${cellText(status.save) || 'пусто'}» не сохранено — ${saveErrorText(status.error)}`}
          </Text>
        );
      })}
    </Alert>
  );
}

/** «Итог»: the final mark as everywhere else (shared finalMarkText: «4», «4?» proposed, «—»). */
function FinalCell({ state }: { state: ReturnType<typeof finalMarkState> }) {
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

import { Alert, Group, Select, Text } from '@mantine/core';
import { fullName, getErrorMessage } from '@parta/shared';
import type { JournalGrid as Grid, JournalCell } from '@parta/shared/domain/contracts/journal';
import {
  averageColor,
  CELL_INPUT_HINT,
  formatAverage,
  parseCellText,
  proposeMark,
  weightedAverage,
} from '@parta/shared/domain/marks';
import { type KeyboardEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import {
  type CellSave,
  type CellSaveState,
  type CellSaveStatus,
  cellKey,
  useCellSaveStates,
  useQueueCellSave,
} from '../api/save-cell';
import { cellText, changesCell, isCellTyping, weightedGrades } from '../model/cell-text';
import classes from './journal-grid.module.css';

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
  onEditChange: (text: string) => void;
  onEditKey: (event: KeyboardEvent<HTMLInputElement>) => void;
  onPick: (row: number, col: number) => void;
}

/** One grid cell; memoised so moving the cursor redraws two cells, not 1,750. */
const CellView = memo(function CellView(props: CellViewProps) {
  const ref = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
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
      className={`${classes.cell} ${/[нб]/.test(props.text) ? classes.absent : ''}`}
      onMouseDown={() => props.onPick(props.row, props.col)}
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
      <span className={classes.state} />
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
}

/**
 * The class journal grid (ARIA grid): students × dated lessons, typed into with the keyboard alone.
 * A typed cell is saved on its own through the queue (save-cell.ts) and shows saving / queued /
 * saved / failed; a refused value is kept out with a hint and the old value stays.
 */
export function JournalGrid({ grid, gridKey, onLessonOpen, onCursorChange }: JournalGridProps) {
  const saves = useCellSaveStates();
  const queueSave = useQueueCellSave();
  const [cursor, setCursor] = useState({ row: 0, col: 0 });
  const [editing, setEditing] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [workTypeId, setWorkTypeId] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const readOnly = !grid.editable;
  const rows = grid.students.length;
  const cols = grid.lessons.length;

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

  const current = grid.lessons[cursor.col] && grid.students[cursor.row];
  useEffect(() => {
    onCursorChange?.(
      current ? { lessonId: grid.lessons[cursor.col].id, studentId: grid.students[cursor.row].id } : null,
    );
  }, [current, cursor, grid.lessons, grid.students, onCursorChange]);

  const move = (row: number, col: number) => {
    setCursor({ row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(0, Math.min(cols - 1, col)) });
  };

  const save = (row: number, col: number, text: string): boolean => {
    const marks = parseCellText(text);
    if (!marks) {
      setHint(`«${text.trim()}» не отметка. ${CELL_INPUT_HINT}`);
      return false;
    }
    const lesson = grid.lessons[col];
    const student = grid.students[row];
    const before = shown(lesson.id, student.id);
    if (!changesCell(marks, before)) return true;
    const typeId = workTypeId ? Number(workTypeId) : null;
    const previous = saved.get(cellKey(lesson.id, student.id));
    const cell: CellSave = {
      lesson_id: lesson.id,
      student_id: student.id,
      gridKey,
      attendance: marks.attendance,
      // A grade already in the cell keeps its work type; a new one takes the chosen type.
      grades: marks.grades.map((value, index) => ({
        value,
        work_type_id:
          before?.grades[index]?.value === value ? (before.grades[index].work_type_id ?? null) : typeId,
      })),
      version: previous?.version ?? 0,
    };
    queueSave(cell);
    setHint(null);
    return true;
  };

  const refuseReadOnly = () =>
    setHint(grid.period.closed ? 'Период закрыт: журнал только для чтения' : 'Этот журнал только для чтения');

  const commit = (next: { row: number; col: number }) => {
    if (editing !== null) save(cursor.row, cursor.col, editing);
    setEditing(null);
    move(next.row, next.col);
    // Focus returns to the grid cell (the editor is gone).
    requestAnimationFrame(() =>
      tableRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus(),
    );
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
        requestAnimationFrame(() =>
          tableRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus(),
        );
        break;
    }
    event.stopPropagation();
  };

  const onEditChange = (text: string) => {
    if (!isCellTyping(text)) {
      setHint(`Недопустимый символ. ${CELL_INPUT_HINT}`);
      return;
    }
    setHint(null);
    setEditing(text);
  };

  /** Fills the cursor's value down its column into the empty cells below. */
  const fillDown = () => {
    const lesson = grid.lessons[cursor.col];
    const text = cellText(shown(lesson.id, grid.students[cursor.row].id));
    if (!text) return;
    for (let row = cursor.row + 1; row < rows; row++) {
      if (!cellText(shown(lesson.id, grid.students[row].id))) save(row, cursor.col, text);
    }
  };

  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    if (editing !== null) return;
    const { row, col } = cursor;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Enter: [row + 1, col],
      Home: [row, 0],
      End: [row, cols - 1],
    };
    if (event.key === 'Tab') {
      const next = event.shiftKey ? col - 1 : col + 1;
      // Tab past the last lesson leaves the grid as usual.
      if (next < 0 || next >= cols) return;
      event.preventDefault();
      move(row, next);
      return;
    }
    if (moves[event.key]) {
      event.preventDefault();
      move(...moves[event.key]);
      return;
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'd') {
      event.preventDefault();
      if (readOnly) refuseReadOnly();
      else fillDown();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      if (readOnly) refuseReadOnly();
      else save(row, col, '');
      return;
    }
    if (event.key === 'F2') {
      event.preventDefault();
      if (readOnly) refuseReadOnly();
      else setEditing(cellText(shown(grid.lessons[col].id, grid.students[row].id)));
      return;
    }
    if (event.key.length === 1) {
      event.preventDefault();
      if (readOnly) return refuseReadOnly();
      if (!isCellTyping(event.key) || event.key.trim() === '' || event.key === '/') {
        setHint(`«${event.key}» не отметка. ${CELL_INPUT_HINT}`);
        return;
      }
      setHint(null);
      setEditing(event.key);
    }
  };

  /** A block copied from a spreadsheet lands from the cursor right and down. */
  const onPaste = (event: React.ClipboardEvent<HTMLTableElement>) => {
    if (editing !== null) return;
    event.preventDefault();
    if (readOnly) return refuseReadOnly();
    const lines = event.clipboardData.getData('text/plain').replace(/\r/g, '').split('\n');
    if (lines.at(-1) === '') lines.pop();
    const refused: string[] = [];
    lines.forEach((line, rowOffset) => {
      line.split('\t').forEach((value, colOffset) => {
        const row = cursor.row + rowOffset;
        const col = cursor.col + colOffset;
        if (row >= rows || col >= cols) return;
        if (parseCellText(value) === null) refused.push(value.trim());
        else save(row, col, value);
      });
    });
    setHint(
      refused.length > 0
        ? `Не вставлено: ${refused.map((value) => `«${value}»`).join(', ')}. ${CELL_INPUT_HINT}`
        : null,
    );
  };

  const onPick = (row: number, col: number) => {
    // Clicking away from a cell being edited keeps what was typed, as Enter would.
    if (editing !== null && (row !== cursor.row || col !== cursor.col)) save(cursor.row, cursor.col, editing);
    setEditing(null);
    setCursor({ row, col });
  };

  // Cells get stable handlers (reading the latest ones through a ref), so a render redraws only changed cells.
  const handlers = useRef({ onEditChange, onEditKey, onPick });
  handlers.current = { onEditChange, onEditKey, onPick };
  const stable = useMemo(
    () => ({
      onEditChange: (text: string) => handlers.current.onEditChange(text),
      onEditKey: (event: KeyboardEvent<HTMLInputElement>) => handlers.current.onEditKey(event),
      onPick: (row: number, col: number) => handlers.current.onPick(row, col),
    }),
    [],
  );

  const conflicts = [...saves.values()].filter(
    (status) => status.state === 'conflict' || status.state === 'failed',
  );

  return (
    <>
      <Group gap="sm" mb="xs" align="flex-end">
        {grid.work_types.length > 0 && !readOnly ? (
          <Select
            label="Вид работы для новых оценок"
            placeholder="Без вида работы (вес 1)"
            data={grid.work_types.map((type) => ({
              value: String(type.id),
              label:
                type.weight === 1 ? type.name : `${type.name} (вес ${String(type.weight).replace('.', ',')})`,
            }))}
            value={workTypeId}
            onChange={setWorkTypeId}
            clearable
            w={300}
          />
        ) : null}
        <Text size="xs" c="dimmed" maw={520}>
          Стрелки, Tab и Enter — переход; 1–5, н, б — отметка (несколько оценок через /); Delete — очистить;
          Ctrl+D — заполнить вниз; вставка блока из таблицы — Ctrl+V.
        </Text>
      </Group>
      <Text role="status" aria-live="polite" size="sm" c="red" mih={22} data-testid="journal-hint">
        {hint}
      </Text>
      {conflicts.length > 0 ? <ConflictList conflicts={conflicts} grid={grid} saved={saved} /> : null}
      <div className={classes.scroller}>
        <table
          ref={tableRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the journal is an ARIA grid (issue 11), typed into with the keyboard
          role="grid"
          aria-label={`Журнал ${grid.load.group_name}, ${grid.load.subject_name}`}
          aria-rowcount={rows + 1}
          aria-colcount={cols + 3}
          aria-readonly={readOnly || undefined}
          className={classes.table}
          onKeyDown={onGridKey}
          onPaste={onPaste}
        >
          <thead>
            <tr>
              <th className={classes.name}>Ученик</th>
              {grid.lessons.map((lesson, col) => (
                <th
                  key={lesson.id}
                  className={classes.lesson}
                  title={lesson.topic ?? 'Тема не указана'}
                  data-col={col}
                  data-testid="lesson-header"
                >
                  <button
                    type="button"
                    className={classes.date}
                    onClick={() => onLessonOpen(lesson.id)}
                  >
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
              <th className={classes.summary}>Средний</th>
              <th className={classes.summary}>Итог</th>
            </tr>
          </thead>
          <tbody>
            {grid.students.map((student, row) => {
              const average = averages[row];
              return (
                <tr key={student.id}>
                  <th className={classes.name} title={fullName(student)}>
                    {row + 1}. {fullName(student)}
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
                        readOnly={readOnly}
                        onEditChange={stable.onEditChange}
                        onEditKey={stable.onEditKey}
                        onPick={stable.onPick}
                      />
                    );
                  })}
                  <td
                    className={`${classes.summary} ${average === null ? '' : classes[averageColor(average)]}`}
                    data-testid="average"
                    data-color={average === null ? undefined : averageColor(average)}
                  >
                    {formatAverage(average)}
                  </td>
                  <td className={classes.summary}>{proposeMark(average, grid.thresholds) ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

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
              : `${where}: «${cellText(status.save) || 'пусто'}» не сохранено — ${getErrorMessage(status.error)}`}
          </Text>
        );
      })}
    </Alert>
  );
}

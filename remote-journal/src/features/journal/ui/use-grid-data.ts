import type { JournalGrid as Grid, JournalCell } from '@parta/shared/domain/contracts/journal';
import { weightedAverage, weightedGrades } from '@parta/shared/domain/marks';
import { useMemo } from 'react';
import { type CellSaveStatus, cellKey } from '../api/save-cell';
import type { GridContents } from '../model/grid-editing';

/**
 * What the grid shows, from the journal and the saves on their way: each cell (the typed value while
 * it is saving or queued, else the saved one), the lessons yet to come, each pupil's weighted
 * average and final mark, and the contents the editing model (model/grid-editing.ts) reads.
 */
export function useGridData(grid: Grid, saves: Map<string, CellSaveStatus>) {
  const rows = grid.students.length;
  const cols = grid.lessons.length;
  // A load line «без отметок»: attendance only, a grade is refused here before any request.
  const attendanceOnly = !grid.load.graded;
  const lessonIds = useMemo(() => grid.lessons.map((lesson) => lesson.id), [grid.lessons]);
  const studentIds = useMemo(() => grid.students.map((student) => student.id), [grid.students]);

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

  return {
    rows,
    cols,
    attendanceOnly,
    lessonIds,
    studentIds,
    isFuture,
    saved,
    shown,
    finals,
    averages,
    contents,
  };
}

import type { JournalCell } from '@parta/shared/domain/contracts/journal';

/**
 * A cell's parts as the journal's queries read them — its marks (with their weights), its
 * attendance, its version — folded into the cells the grid shows. Pure.
 */

/** One part as the grid's JSON array carries it: kind, lesson, student, value, work type, weight. */
export type PartRow = [CellPart['kind'], number, number, string, number | null, string | null];

export function toPart([kind, lesson_id, student_id, value, work_type_id, weight]: PartRow): CellPart {
  return { kind, lesson_id, student_id, value, work_type_id, weight };
}

export interface CellPart {
  kind: 'm' | 'a' | 'v';
  lesson_id: number;
  student_id: number;
  value: string;
  work_type_id: number | null;
  weight: string | null;
}

/** Folds the rows of marks, attendance and versions into cells, grades in the order given. */
export function foldCells(parts: CellPart[]): (JournalCell & { weights: number[] })[] {
  const cells = new Map<string, JournalCell & { weights: number[] }>();
  for (const part of parts) {
    const key = `${part.lesson_id}|${part.student_id}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = {
        lesson_id: part.lesson_id,
        student_id: part.student_id,
        grades: [],
        attendance: null,
        version: 0,
        weights: [],
      };
      cells.set(key, cell);
    }
    if (part.kind === 'm') {
      cell.grades.push({ value: Number(part.value), work_type_id: part.work_type_id });
      cell.weights.push(Number(part.weight ?? 1));
    } else if (part.kind === 'a') cell.attendance = part.value as 'н' | 'б';
    else cell.version = Number(part.value);
  }
  return [...cells.values()];
}

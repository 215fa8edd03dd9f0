import { HOMEWORK_WORK_TYPE } from '@parta/shared/domain/contracts/homework';
import type { JournalCell } from '@parta/shared/domain/contracts/journal';
import { type Grade, MAX_GRADES_PER_CELL } from '@parta/shared/domain/marks';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { unprocessable } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import { findCells, findWorkTypeId } from './journal.repository';
import { saveCell } from './journal.service';

/**
 * The mark of an accepted homework work (issue 54), added to the lesson's journal cell as work type
 * «Домашняя работа» (none when the school has no such type) through the cell's own save: its
 * version moves on, the audit records it, a closed period or another teacher refuses it as any mark.
 */
export async function saveHomeworkMark(
  db: Database,
  queue: Queue,
  actor: Actor,
  lesson: { id: number; organizationId: number },
  studentId: number,
  value: Grade,
): Promise<JournalCell> {
  const [[cell], workTypeId] = await Promise.all([
    findCells(db, [{ lesson_id: lesson.id, student_id: studentId }]),
    findWorkTypeId(db, lesson.organizationId, HOMEWORK_WORK_TYPE),
  ]);
  if (cell.grades.length >= MAX_GRADES_PER_CELL) {
    throw unprocessable(`В клетке уже ${MAX_GRADES_PER_CELL} оценки: новую поставьте в журнале`, {
      mark: [`В клетке уже ${MAX_GRADES_PER_CELL} оценки`],
    });
  }
  return saveCell(db, queue, actor, lesson.id, studentId, {
    grades: [
      ...cell.grades.map((grade) => ({ value: grade.value as Grade, work_type_id: grade.work_type_id })),
      { value, work_type_id: workTypeId },
    ],
    attendance: cell.attendance,
    version: cell.version,
  });
}

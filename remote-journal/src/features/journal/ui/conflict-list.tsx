import { Alert, Text } from '@mantine/core';
import { fullName } from '@parta/shared';
import type { JournalGrid as Grid, JournalCell } from '@parta/shared/domain/contracts/journal';
import { type CellSaveStatus, cellKey, saveErrorText } from '../api/save-cell';
import { cellText } from '../model/cell-text';

/** Saves the server refused: a newer value by someone else (shown in the cell), or a refusal. */
export function ConflictList({
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

import { Stack, Text } from '@mantine/core';
import type { MissingFinalMarks } from '../domain/contracts/timetable';

export interface MissingFinalMarksListProps {
  missing: MissingFinalMarks;
  /** How many class × subject lines to show (the rest are counted). */
  limit?: number;
}

/**
 * The final marks a period lacks, one line per class × subject: «5А, Музыка (Иванова И. И.):
 * Петров Иван, …». The periods page shows it after «Закрыть», the year change's preview before
 * the run.
 */
export function MissingFinalMarksList({ missing, limit = 30 }: MissingFinalMarksListProps) {
  return (
    <Stack gap={4}>
      {missing.items.slice(0, limit).map((item) => (
        <Text key={`${item.group_id}-${item.subject_id}`} size="sm">
          <b>
            {item.group_name}, {item.subject_name}
          </b>
          {item.teacher_name ? ` (${item.teacher_name})` : ''}:{' '}
          {item.students.map((student) => student.name).join(', ')}
        </Text>
      ))}
      {missing.items.length > limit ? (
        <Text size="sm" c="dimmed">
          и ещё {missing.items.length - limit} — в «Итоговых оценках» журнала
        </Text>
      ) : null}
    </Stack>
  );
}

import { Alert, Stack } from '@mantine/core';
import type { LoadItem, TimetableSlot } from '@parta/shared/domain/contracts/timetable';
import { formatHours, loadPlacement } from '@parta/shared/domain/timetable';

const lineName = (line: LoadItem) =>
  `${line.subject_name}${line.subgroup_name ? ` · ${line.subgroup_name}` : ''}`;

/**
 * The editor's summary of the class's load: lines placed more often than their hours (an error:
 * the class gets more lessons than its curriculum) and lines not placed in full (a warning).
 */
export function LoadSummary({ lines, slots }: { lines: LoadItem[]; slots: TimetableSlot[] }) {
  const placed = lines.map((line) => {
    const count = slots.filter((slot) => slot.load_id === line.id).length;
    return { line, count, status: loadPlacement(count, line.hours_per_week) };
  });
  const over = placed.filter((item) => item.status.state === 'over');
  const under = placed.filter((item) => item.status.state === 'under');
  const describe = (items: typeof placed) =>
    items
      .map((item) => `${lineName(item.line)} — ${item.count}/${formatHours(item.line.hours_per_week)}`)
      .join('; ');
  if (over.length === 0 && under.length === 0) return null;
  return (
    <Stack gap="xs">
      {over.length > 0 ? (
        <Alert color="red" title="Больше уроков, чем в нагрузке" data-testid="load-over" role="alert">
          {describe(over)}. Уберите лишние уроки из сетки.
        </Alert>
      ) : null}
      {under.length > 0 ? (
        <Alert color="yellow" title="Не вся нагрузка расставлена" data-testid="load-under">
          {describe(under)}
        </Alert>
      ) : null}
    </Stack>
  );
}

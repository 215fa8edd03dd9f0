import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { LoadItem, TimetableSlot } from '@parta/shared/domain/contracts/timetable';
import { plural } from '@parta/shared/domain/plural';
import { formatHours, loadPlacement } from '@parta/shared/domain/timetable';

const COLORS = { over: 'red', under: 'gray', done: 'emerald' } as const;
const hours = (count: number) => `${count} ${plural(count, 'урок', 'урока', 'уроков')}`;

export interface LoadPickerProps {
  lines: LoadItem[];
  slots: TimetableSlot[];
  selected: number | null;
  onSelect: (loadId: number | null) => void;
}

/** The class's load lines with hours placed vs the load; pick one (or drag it) to place it in the grid. */
export function LoadPicker({ lines, slots, selected, onSelect }: LoadPickerProps) {
  return (
    <Stack gap={6}>
      {lines.map((line) => {
        const placed = slots.filter((slot) => slot.load_id === line.id).length;
        const status = loadPlacement(placed, line.hours_per_week);
        const problemId = `load-line-${line.id}-problem`;
        return (
          <UnstyledButton
            key={line.id}
            draggable
            data-testid="load-item"
            aria-pressed={selected === line.id}
            aria-describedby={status.state === 'done' ? undefined : problemId}
            data-state={status.state}
            onDragStart={(event) => event.dataTransfer.setData('text/plain', String(line.id))}
            onClick={() => onSelect(selected === line.id ? null : line.id)}
          >
            <Paper
              withBorder
              p="xs"
              radius="sm"
              bg={selected === line.id ? 'var(--mantine-primary-color-light)' : undefined}
              style={{
                borderColor:
                  selected === line.id
                    ? 'var(--mantine-primary-color-filled)'
                    : status.state === 'over'
                      ? 'var(--mantine-color-red-filled)'
                      : undefined,
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                    {line.subject_name}
                    {line.subgroup_name ? ` · ${line.subgroup_name}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.teacher_name ?? 'без учителя'}
                  </Text>
                  {status.state === 'done' ? null : (
                    <Text
                      id={problemId}
                      size="xs"
                      c={status.state === 'over' ? 'red' : 'yellow.8'}
                      data-testid="load-item-problem"
                    >
                      {status.state === 'over'
                        ? `Больше нагрузки на ${hours(status.difference)}`
                        : `Не хватает ${hours(status.difference)}`}
                    </Text>
                  )}
                </div>
                <Badge
                  color={COLORS[status.state]}
                  variant="light"
                  data-testid="load-item-hours"
                  style={{ flexShrink: 0, overflow: 'visible' }}
                >
                  {placed}/{formatHours(line.hours_per_week)}
                </Badge>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}

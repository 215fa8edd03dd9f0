import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { LoadItem, TimetableSlot } from '@parta/shared/domain/contracts/timetable';
import { formatHours } from '@parta/shared/domain/timetable';

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
        const done = placed >= Math.ceil(line.hours_per_week);
        return (
          <UnstyledButton
            key={line.id}
            draggable
            data-testid="load-item"
            aria-pressed={selected === line.id}
            onDragStart={(event) => event.dataTransfer.setData('text/plain', String(line.id))}
            onClick={() => onSelect(selected === line.id ? null : line.id)}
          >
            <Paper
              withBorder
              p="xs"
              radius="sm"
              bg={selected === line.id ? 'var(--mantine-primary-color-light)' : undefined}
              style={{
                borderColor: selected === line.id ? 'var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div>
                  <Text size="sm" fw={600} lh={1.2}>
                    {line.subject_name}
                    {line.subgroup_name ? ` · ${line.subgroup_name}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.teacher_name ?? 'без учителя'}
                  </Text>
                </div>
                <Badge color={done ? 'emerald' : 'gray'} variant="light" data-testid="load-item-hours">
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

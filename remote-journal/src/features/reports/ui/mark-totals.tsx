import { Group, Text } from '@mantine/core';
import type { MarkFigures } from '@parta/shared/domain/contracts/reports';

const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('ru-RU')} %`);

/**
 * The totals of a report's marks subject by subject, the same line on both mark reports (shared
 * `tallyMarks`): N, успеваемость, качество and, apart, how many have no mark yet, which never count
 * as failing.
 */
export function MarkTotals(props: { label: string; figures: MarkFigures; testId: string }) {
  const { figures } = props;
  return (
    <Group gap="xs" mb="xs" data-testid={props.testId} wrap="wrap">
      <Text size="sm" fw={600}>
        {props.label}:
      </Text>
      <Text size="sm">N = {figures.total}</Text>
      <Text size="sm">· успеваемость {percent(figures.success)}</Text>
      <Text size="sm">· качество {percent(figures.quality)}</Text>
      <Text size="sm" fw={600} data-testid={`${props.testId}-without-mark`}>
        · без оценки: {figures.without_mark}
      </Text>
    </Group>
  );
}

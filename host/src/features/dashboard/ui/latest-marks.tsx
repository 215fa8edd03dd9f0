import { Anchor, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, MarkBadge, useRevealInSlices } from '@parta/shared';
import { Link } from 'react-router-dom';
import { useLatestMarks } from '../api/get-latest-marks';

/** «Последние оценки»: the diary's newest grades with subject, date and work type. */
export function LatestMarks() {
  const { data, isPending, isError } = useLatestMarks(true);
  // The answer is drawn in a transition (in slices), not in the blocking render that brings it.
  const revealed = useRevealInSlices(!isPending);
  if (isPending || !revealed) return <Skeleton h={120} radius="md" mb="xl" />;
  if (isError || !data.student) return null;
  return (
    <Card withBorder radius="md" padding="lg" mb="xl" data-testid="latest-marks">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Последние оценки: {data.student.name}</Text>
        <Anchor component={Link} to="/diary" size="sm">
          Дневник
        </Anchor>
      </Group>
      {data.marks.length === 0 ? (
        <Text c="dimmed">Оценок пока нет</Text>
      ) : (
        <Stack gap={6}>
          {data.marks.map((mark) => (
            <Group key={mark.id} gap="sm" wrap="nowrap" data-testid="latest-mark">
              <MarkBadge value={mark.value} size="lg" />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {mark.subject_name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {formatDate(mark.date)}
                  {mark.work_type ? ` · ${mark.work_type}` : ''}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

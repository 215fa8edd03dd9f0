import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate } from '@parta/shared';
import { finalMarkCategory } from '@parta/shared/domain/marks';
import { useWeekMarks } from '../api/get-week-marks';

const COLORS = {
  excellent: 'green',
  good: 'blue',
  satisfactory: 'yellow',
  failing: 'red',
  exempt: 'gray',
} as const;

/** «Оценки за неделю»: a student's marks by subject; a teacher's marks given, by class and subject. */
export function WeekMarks() {
  const { data, isPending, isError } = useWeekMarks();
  if (isPending) return <Skeleton h={120} radius="md" mb="xl" />;
  if (isError || data.role === 'none') return null;
  const groups = new Map<string, typeof data.marks>();
  for (const mark of data.marks) {
    const key = data.role === 'student' ? mark.subject_name : `${mark.group_name} · ${mark.subject_name}`;
    groups.set(key, [...(groups.get(key) ?? []), mark]);
  }
  return (
    <Card withBorder radius="md" padding="lg" mb="xl" data-testid="week-marks">
      <Text fw={600} mb="sm">
        Оценки за неделю{' '}
        <Text span c="dimmed" size="sm">
          {formatDate(data.from)}–{formatDate(data.to)}
        </Text>
      </Text>
      {groups.size === 0 ? (
        <Text c="dimmed">
          {data.role === 'student' ? 'Оценок за неделю нет' : 'За неделю оценки не выставлялись'}
        </Text>
      ) : (
        <Stack gap={6}>
          {[...groups].slice(0, 8).map(([title, marks]) => (
            <Group key={title} gap="xs" wrap="nowrap">
              <Text size="sm" w={{ base: 130, sm: 220 }} truncate style={{ flexShrink: 0 }}>
                {title}
              </Text>
              <Group gap={4}>
                {marks.slice(0, 12).map((mark, index) => {
                  const category = finalMarkCategory(mark.value);
                  return (
                    <Badge
                      // biome-ignore lint/suspicious/noArrayIndexKey: marks of a day may repeat
                      key={index}
                      variant="light"
                      color={category ? COLORS[category] : 'gray'}
                      title={`${formatDate(mark.date)}${data.role === 'teacher' ? `, ${mark.student_name}` : ''}`}
                    >
                      {mark.value}
                    </Badge>
                  );
                })}
                {marks.length > 12 ? (
                  <Text size="xs" c="dimmed">
                    +{marks.length - 12}
                  </Text>
                ) : null}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

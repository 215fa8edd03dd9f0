import { Badge, Card, Group, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDate, useNarrowList, useRevealInSlices } from '@parta/shared';
import { finalMarkCategory } from '@parta/shared/domain/marks';
import { Fragment } from 'react';
import { useWeekMarks } from '../api/get-week-marks';
import classes from './week-marks.module.css';

const COLORS = {
  excellent: 'green',
  good: 'blue',
  satisfactory: 'yellow',
  failing: 'red',
  exempt: 'gray',
} as const;

type Week = NonNullable<ReturnType<typeof useWeekMarks>['data']>;

/** What a row of marks is titled by: a subject for a student, the child and subject for a parent, class and subject for a teacher. */
function rowTitle(role: Week['role'], mark: Week['marks'][number]): string {
  if (role === 'student') return mark.subject_name;
  if (role === 'parent') return `${mark.student_name} · ${mark.subject_name}`;
  return `${mark.group_name} · ${mark.subject_name}`;
}

/** The school's week (director, завуч): marks per class and subject with the average, then the classes without marks. */
function SchoolWeek({ data }: { data: Week }) {
  const narrow = useNarrowList();
  return (
    <Stack gap="sm">
      {data.classes.length === 0 ? (
        <Text c="dimmed">За неделю оценки не выставлялись</Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto">
          <Table striped withRowBorders={false} fz="sm" data-testid="school-week">
            <Table.Thead>
              <Table.Tr>
                {narrow ? (
                  <Table.Th>Класс, предмет</Table.Th>
                ) : (
                  <>
                    <Table.Th>Класс</Table.Th>
                    <Table.Th>Предмет</Table.Th>
                  </>
                )}
                <Table.Th ta="right">Оценок</Table.Th>
                <Table.Th ta="right">Средний</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.classes.map((row) => (
                <Table.Tr key={`${row.group_name}|${row.subject_name}`}>
                  {/* On a phone class and subject share a cell (four columns ran past 390 px and scrolled). */}
                  {narrow ? (
                    <Table.Td>
                      {row.group_name} · {row.subject_name}
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td>{row.group_name}</Table.Td>
                      <Table.Td>{row.subject_name}</Table.Td>
                    </>
                  )}
                  <Table.Td ta="right">{row.count}</Table.Td>
                  <Table.Td ta="right">
                    {row.average === null ? '—' : row.average.toFixed(2).replace('.', ',')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {data.classes_without_marks.length > 0 ? (
        <Text size="sm" data-testid="classes-without-marks">
          <Text span c="dimmed">
            Без оценок за неделю:{' '}
          </Text>
          {data.classes_without_marks.join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * «Оценки за неделю»: a student's marks by subject, a parent's by child and subject, a teacher's
 * marks given by class and subject, the whole school's week for a director and a завуч.
 */
export function WeekMarks() {
  const { data, isPending, isError } = useWeekMarks();
  // The answer is drawn in a transition (in slices), not in the blocking render that brings it.
  const revealed = useRevealInSlices(!isPending);
  if (isPending || !revealed) return <Skeleton h={120} radius="md" mb="xl" />;
  if (isError || data.role === 'none') return null;
  const groups = new Map<string, typeof data.marks>();
  for (const mark of data.marks) {
    const key = rowTitle(data.role, mark);
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
      {data.role === 'school' ? (
        <SchoolWeek data={data} />
      ) : groups.size === 0 ? (
        <Text c="dimmed">
          {data.role === 'teacher' ? 'За неделю оценки не выставлялись' : 'Оценок за неделю нет'}
        </Text>
      ) : (
        <div className={classes.rows}>
          {[...groups].slice(0, data.role === 'parent' ? 16 : 8).map(([title, marks]) => (
            <Fragment key={title}>
              <Text size="sm" className={classes.title}>
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
            </Fragment>
          ))}
        </div>
      )}
    </Card>
  );
}

import { Table, Text } from '@mantine/core';
import type { BellLesson } from '@parta/shared/domain/contracts/timetable';
import { minutesBetween } from '@parta/shared/domain/timetable';

/** Numbered lessons with their times and the break after each. */
export function BellLessonsTable({ lessons }: { lessons: BellLesson[] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>№</Table.Th>
          <Table.Th>Начало</Table.Th>
          <Table.Th>Конец</Table.Th>
          <Table.Th ta="right">Перемена</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lessons.map((lesson, index) => {
          const next = lessons[index + 1];
          return (
            <Table.Tr key={lesson.number}>
              <Table.Td>{lesson.number}</Table.Td>
              <Table.Td>{lesson.start_time}</Table.Td>
              <Table.Td>{lesson.end_time}</Table.Td>
              <Table.Td ta="right">
                {next ? (
                  <Text span size="sm" c="dimmed">
                    {minutesBetween(lesson.end_time, next.start_time)} мин
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

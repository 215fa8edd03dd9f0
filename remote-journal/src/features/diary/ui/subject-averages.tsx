import { Card, Table, Text } from '@mantine/core';
import { MarkBadge } from '@parta/shared';
import type { DiarySubject } from '@parta/shared/domain/contracts/diary';

export interface SubjectAveragesProps {
  periodName: string;
  subjects: DiarySubject[];
}

/** The term's averages per subject and the final marks when set. */
export function SubjectAverages({ periodName, subjects }: SubjectAveragesProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="diary-averages">
      <Text fw={700} mb="xs">
        Успеваемость: {periodName}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Предмет</Table.Th>
              <Table.Th ta="center">Оценок</Table.Th>
              <Table.Th ta="center">Средний</Table.Th>
              <Table.Th ta="center">Итог</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subjects.map((subject) => (
              <Table.Tr key={subject.subject_id}>
                <Table.Td>{subject.subject_name}</Table.Td>
                <Table.Td ta="center">{subject.marks_count}</Table.Td>
                <Table.Td ta="center">
                  {subject.average === null ? '—' : <MarkBadge value={subject.average} />}
                </Table.Td>
                <Table.Td ta="center">
                  {subject.final_mark ? <MarkBadge value={subject.final_mark} /> : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

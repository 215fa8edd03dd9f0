import { Card, Table, Text } from '@mantine/core';
import { FinalMarkBadge, MarkBadge } from '@parta/shared';
import type { DiarySubject } from '@parta/shared/domain/contracts/diary';
import { FINAL_MARK_LEGEND, finalMarkState } from '@parta/shared/domain/marks';

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
      {/* No sideways scrolling: on a 390 px phone «Итог» was out of sight. The subject's name wraps,
          the three figures keep fixed widths (headers 12 px, the least the diary shows on a phone). */}
      <Table
        verticalSpacing={6}
        horizontalSpacing={6}
        fz="sm"
        layout="fixed"
        data-testid="diary-averages-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Предмет</Table.Th>
            <Table.Th ta="center" w={58} fz="xs">
              Оценок
            </Table.Th>
            <Table.Th ta="center" w={68} fz="xs">
              Средний
            </Table.Th>
            <Table.Th ta="center" w={52} fz="xs">
              Итог
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subjects.map((subject) => (
            <Table.Tr key={subject.subject_id}>
              <Table.Td style={{ overflowWrap: 'break-word' }}>{subject.subject_name}</Table.Td>
              <Table.Td ta="center">{subject.marks_count}</Table.Td>
              <Table.Td ta="center">
                {subject.average === null ? '—' : <MarkBadge value={subject.average} />}
              </Table.Td>
              <Table.Td ta="center" data-testid="diary-final">
                {/* As the journal's «Итог» reads it: «4» set, «4?» proposed by the average, «—». */}
                <FinalMarkBadge state={finalMarkState(subject.final_mark, subject.proposed_mark)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {subjects.some((subject) => !subject.final_mark && subject.proposed_mark) ? (
        <Text size="xs" c="dimmed" mt="xs">
          {FINAL_MARK_LEGEND}
        </Text>
      ) : null}
    </Card>
  );
}

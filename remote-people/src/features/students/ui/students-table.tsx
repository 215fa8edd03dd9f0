import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { formatDate, fullName, ListCard, useNarrowList } from '@parta/shared';
import { STUDENT_STATUS_LABELS, type StudentListItem } from '@parta/shared/domain/contracts/people';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

/** One page of students: full name (opens the card), class, birth date, status. */
export function StudentsTable({ students }: { students: StudentListItem[] }) {
  const narrow = useNarrowList();
  if (narrow) {
    return (
      <Stack gap="xs">
        {students.map((student) => (
          <ListCard
            key={student.id}
            to={paths.student(student.id)}
            title={fullName(student)}
            badge={{
              label: STUDENT_STATUS_LABELS[student.status],
              color: student.status === 'active' ? 'emerald' : 'gray',
            }}
            data-testid="student-row"
          >
            <Text size="sm" c="dimmed">
              {[
                student.group_name ? `${student.group_name} класс` : 'Без класса',
                formatDate(student.birth_date),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </ListCard>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ФИО</Table.Th>
            <Table.Th>Класс</Table.Th>
            <Table.Th>Дата рождения</Table.Th>
            <Table.Th>Статус</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student.id} data-testid="student-row">
              <Table.Td>
                <Anchor component={Link} to={paths.student(student.id)} fw={500}>
                  {fullName(student)}
                </Anchor>
              </Table.Td>
              <Table.Td>{student.group_name || '—'}</Table.Td>
              <Table.Td>{formatDate(student.birth_date) || '—'}</Table.Td>
              <Table.Td>
                <Badge color={student.status === 'active' ? 'emerald' : 'gray'} variant="light" tt="none">
                  {STUDENT_STATUS_LABELS[student.status]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

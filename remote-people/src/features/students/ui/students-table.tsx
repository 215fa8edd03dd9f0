import { Anchor, Badge, Table } from '@mantine/core';
import { fullName } from '@parta/shared';
import { STUDENT_STATUS_LABELS, type StudentListItem } from '@parta/shared/domain/contracts/people';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { formatIsoDate } from '../model/format-date';

/** One page of students: full name (opens the card), class, birth date, status. */
export function StudentsTable({ students }: { students: StudentListItem[] }) {
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
              <Table.Td>{formatIsoDate(student.birth_date) || '—'}</Table.Td>
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

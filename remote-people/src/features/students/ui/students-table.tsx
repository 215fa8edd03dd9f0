import { Anchor, Badge, Table, Text } from '@mantine/core';
import { formatDate, fullName, ListCard, ListTable } from '@parta/shared';
import { STUDENT_STATUS_LABELS, type StudentListItem } from '@parta/shared/domain/contracts/people';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

const statusColor = (student: StudentListItem) => (student.status === 'active' ? 'emerald' : 'gray');

/** One page of students: full name (opens the card), class, birth date, status. */
export function StudentsTable({ students }: { students: StudentListItem[] }) {
  return (
    <ListTable
      items={students}
      rowTestId="student-row"
      minWidth={560}
      card={(student) => (
        <ListCard
          to={paths.student(student.id)}
          title={fullName(student)}
          badge={{ label: STUDENT_STATUS_LABELS[student.status], color: statusColor(student) }}
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
      )}
      head={
        <>
          <Table.Th>ФИО</Table.Th>
          <Table.Th>Класс</Table.Th>
          <Table.Th>Дата рождения</Table.Th>
          <Table.Th>Статус</Table.Th>
        </>
      }
      cells={(student) => (
        <>
          <Table.Td>
            <Anchor component={Link} to={paths.student(student.id)} fw={500}>
              {fullName(student)}
            </Anchor>
          </Table.Td>
          <Table.Td>{student.group_name || '—'}</Table.Td>
          <Table.Td>{formatDate(student.birth_date) || '—'}</Table.Td>
          <Table.Td>
            <Badge color={statusColor(student)} variant="light" tt="none">
              {STUDENT_STATUS_LABELS[student.status]}
            </Badge>
          </Table.Td>
        </>
      )}
    />
  );
}

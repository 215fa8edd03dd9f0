import { Anchor, Table, Text } from '@mantine/core';
import { fullName, spansOrganizations } from '@parta/shared';
import type { Group as SchoolClass } from '@parta/shared/domain/contracts/people';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

/** Classes with number, letter, manager's full name and the number of students. */
export function GroupsTable({ groups }: { groups: SchoolClass[] }) {
  const withOrganization = spansOrganizations(groups);
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Класс</Table.Th>
            <Table.Th visibleFrom="sm">Номер</Table.Th>
            <Table.Th visibleFrom="sm">Буква</Table.Th>
            <Table.Th>Классный руководитель</Table.Th>
            {withOrganization ? <Table.Th>Организация</Table.Th> : null}
            <Table.Th ta="right">Учеников</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.id} data-testid="class-row">
              <Table.Td>
                <Anchor component={Link} to={paths.classEdit(group.id)} fw={600}>
                  {group.name}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">{group.number}</Table.Td>
              <Table.Td visibleFrom="sm">{group.letter}</Table.Td>
              <Table.Td>
                {group.manager ? (
                  fullName(group.manager)
                ) : (
                  <Text span c="dimmed" size="sm">
                    Не назначен
                  </Text>
                )}
              </Table.Td>
              {withOrganization ? <Table.Td>{group.organization_name}</Table.Td> : null}
              <Table.Td ta="right">{group.students_count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { fullName } from '@parta/shared';
import type { Staff } from '@parta/shared/domain/contracts/people';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

export interface StaffTableProps {
  users: Staff[];
  /** Names of organizations by id, for users whose answer carries only the id. */
  organizationNames: Map<number, string>;
}

/** One page of staff: full name (opens the card), login, roles, organization, active state. */
export function StaffTable({ users, organizationNames }: StaffTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ФИО</Table.Th>
            <Table.Th>Логин</Table.Th>
            <Table.Th>Роли</Table.Th>
            <Table.Th>Организация</Table.Th>
            <Table.Th>Состояние</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="staff-row">
              <Table.Td>
                <Anchor component={Link} to={paths.userEdit(user.id)} fw={500}>
                  {fullName(user)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {user.login}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {(user.roles ?? []).map((role) => (
                    <Badge key={role.id} variant="light" size="sm" radius="sm" tt="none" maw="none">
                      {role.name}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {user.organization?.short_name ||
                    user.organization?.name ||
                    organizationNames.get(user.organization_id) ||
                    '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  color={user.active ? 'emerald' : 'gray'}
                  variant={user.active ? 'light' : 'outline'}
                  tt="none"
                >
                  {user.active ? 'Активен' : 'Отключён'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

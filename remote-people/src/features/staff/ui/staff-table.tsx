import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { fullName, ListCard, useNarrowList } from '@parta/shared';
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
  const narrow = useNarrowList();
  const organizationOf = (user: Staff) =>
    user.organization?.short_name ||
    user.organization?.name ||
    organizationNames.get(user.organization_id) ||
    '—';
  if (narrow) {
    // A phone gets one card per person instead of a table scrolled sideways.
    return (
      <Stack gap="xs">
        {users.map((user) => (
          <ListCard
            key={user.id}
            to={paths.userEdit(user.id)}
            title={fullName(user)}
            badge={{
              label: user.active ? 'Активен' : 'Отключён',
              color: user.active ? 'emerald' : 'gray',
              variant: user.active ? 'light' : 'outline',
            }}
            data-testid="staff-row"
          >
            <Text size="sm" c="dimmed">
              {user.login} · {organizationOf(user)}
            </Text>
            <Group gap={4} mt={6}>
              {(user.roles ?? []).map((role) => (
                <Badge key={role.id} variant="light" size="sm" radius="sm" tt="none" maw="none">
                  {role.name}
                </Badge>
              ))}
            </Group>
          </ListCard>
        ))}
      </Stack>
    );
  }
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

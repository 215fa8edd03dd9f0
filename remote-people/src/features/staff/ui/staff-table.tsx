import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { fullName, ListCard, ListTable } from '@parta/shared';
import type { Staff } from '@parta/shared/domain/contracts/people';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

export interface StaffTableProps {
  users: Staff[];
  /** Names of organizations by id, for users whose answer carries only the id. */
  organizationNames: Map<number, string>;
}

/** The staff member's roles, in the row and on the card alike. */
function RoleBadges({ user }: { user: Staff }) {
  return (user.roles ?? []).map((role) => (
    <Badge key={role.id} variant="light" size="sm" radius="sm" tt="none" maw="none">
      {role.name}
    </Badge>
  ));
}

/** Активен / Отключён, in the row and on the card alike. */
const activeBadge = (user: Staff) => ({
  label: user.active ? 'Активен' : 'Отключён',
  color: user.active ? 'emerald' : 'gray',
  variant: user.active ? ('light' as const) : ('outline' as const),
});

/** One page of staff: full name (opens the card), login, roles, organization, active state. */
export function StaffTable({ users, organizationNames }: StaffTableProps) {
  const organizationOf = (user: Staff) =>
    user.organization?.short_name ||
    user.organization?.name ||
    organizationNames.get(user.organization_id) ||
    '—';
  return (
    <ListTable
      items={users}
      rowTestId="staff-row"
      minWidth={760}
      card={(user) => (
        <ListCard
          to={paths.userEdit(user.id)}
          title={fullName(user)}
          badge={activeBadge(user)}
          data-testid="staff-row"
        >
          <Text size="sm" c="dimmed">
            {user.login} · {organizationOf(user)}
          </Text>
          <Group gap={4} mt={6}>
            <RoleBadges user={user} />
          </Group>
        </ListCard>
      )}
      head={
        <>
          <Table.Th>ФИО</Table.Th>
          <Table.Th>Логин</Table.Th>
          <Table.Th>Роли</Table.Th>
          <Table.Th>Организация</Table.Th>
          <Table.Th>Состояние</Table.Th>
        </>
      }
      cells={(user) => {
        const active = activeBadge(user);
        return (
          <>
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
                <RoleBadges user={user} />
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{organizationOf(user)}</Text>
            </Table.Td>
            <Table.Td>
              <Badge color={active.color} variant={active.variant} tt="none">
                {active.label}
              </Badge>
            </Table.Td>
          </>
        );
      }}
    />
  );
}

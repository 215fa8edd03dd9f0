import { ActionIcon, Anchor, Group, Loader, Menu, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { formatMoney, fullName, ListCard, useNarrowList } from '@parta/shared';
import type { RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import type { Dictionaries } from '../api/get-dictionaries';
import { useOrganizations } from '../api/get-organizations';
import { MoneyText } from './money-text';
import { StatusBadge } from './status-badge';

export interface OrganizationActions {
  /** Opens the form of a new child organization. */
  onAddChild: (parent: RegistryOrganization) => void;
  /** Blocks an active organization or unblocks a blocked one. */
  onToggleStatus: (organization: RegistryOrganization) => void;
}

export interface OrganizationsTableProps extends OrganizationActions {
  organizations: RegistryOrganization[];
  dictionaries: Dictionaries;
  /** Whether rows with children can be unfolded (the tree view, not search results). */
  tree: boolean;
}

function typeName(dictionaries: Dictionaries, organization: RegistryOrganization) {
  return dictionaries.types.find((item) => item.id === organization.type_id)?.name ?? '—';
}

function RowMenu({
  organization,
  onAddChild,
  onToggleStatus,
}: { organization: RegistryOrganization } & OrganizationActions) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Действия: ${organization.short_name}`}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.organization(organization.id)}>
          Карточка и баланс
        </Menu.Item>
        <Menu.Item onClick={() => onAddChild(organization)}>Добавить дочернюю</Menu.Item>
        {organization.is_platform ? null : (
          <Menu.Item
            color={organization.status === 'active' ? 'red' : undefined}
            onClick={() => onToggleStatus(organization)}
          >
            {organization.status === 'active' ? 'Заблокировать' : 'Разблокировать'}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The children of one organization, loaded when its row is unfolded. */
function ChildRows({
  parent,
  depth,
  ...props
}: Omit<OrganizationsTableProps, 'organizations'> & { parent: RegistryOrganization; depth: number }) {
  const children = useOrganizations({ parent_id: parent.id, per_page: 100 });
  if (!children.data) {
    return (
      <Table.Tr>
        <Table.Td colSpan={7} pl={24 * depth + 12}>
          <Loader size="xs" />
        </Table.Td>
      </Table.Tr>
    );
  }
  return <Rows {...props} organizations={children.data.data} depth={depth} />;
}

function Rows({ organizations, depth, ...props }: OrganizationsTableProps & { depth: number }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return organizations.map((organization) => {
    const unfolded = open.has(organization.id);
    const foldable = props.tree && organization.children_count > 0;
    return (
      <Fragment key={organization.id}>
        <Table.Tr data-testid="organization-row">
          <Table.Td pl={24 * depth + 12} miw={200}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              {foldable ? (
                <UnstyledButton
                  onClick={() => toggle(organization.id)}
                  aria-expanded={unfolded}
                  aria-label={`${unfolded ? 'Свернуть' : 'Показать'} дочерние: ${organization.short_name}`}
                  fz="sm"
                  w={18}
                >
                  {unfolded ? '▾' : '▸'}
                </UnstyledButton>
              ) : (
                <span style={{ width: 18, flexShrink: 0 }} />
              )}
              <div>
                <Anchor component={Link} to={paths.organization(organization.id)} fw={500}>
                  {organization.short_name}
                </Anchor>
                {!props.tree && organization.parent_short_name ? (
                  <Text size="xs" c="dimmed">
                    в составе: {organization.parent_short_name}
                  </Text>
                ) : null}
                {foldable ? (
                  <Text size="xs" c="dimmed">
                    дочерних: {organization.children_count}
                  </Text>
                ) : null}
              </div>
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {organization.inn ?? '—'}
            </Text>
            {organization.kpp ? (
              <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                КПП {organization.kpp}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{organization.region ?? '—'}</Text>
            <Text size="xs" c="dimmed">
              {typeName(props.dictionaries, organization)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{organization.director ? fullName(organization.director) : '—'}</Text>
          </Table.Td>
          <Table.Td ta="right">
            <MoneyText value={organization.balance} data-testid="organization-balance" />
            {organization.bonus_balance > 0 ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                бонусы {formatMoney(organization.bonus_balance)}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            <StatusBadge status={organization.status} />
          </Table.Td>
          <Table.Td>
            <RowMenu organization={organization} {...props} />
          </Table.Td>
        </Table.Tr>
        {unfolded ? <ChildRows {...props} parent={organization} depth={depth + 1} /> : null}
      </Fragment>
    );
  });
}

/** The registry: a table on wide screens (tree rows unfold), one card per organization on phones. */
export function OrganizationsTable(props: OrganizationsTableProps) {
  const narrow = useNarrowList();
  if (narrow) {
    return (
      <Stack gap="xs">
        {props.organizations.map((organization) => (
          <ListCard
            key={organization.id}
            to={paths.organization(organization.id)}
            title={organization.short_name}
            badge={{
              label: organization.status === 'active' ? 'Активна' : 'Заблокирована',
              color: organization.status === 'active' ? 'emerald' : 'red',
            }}
            data-testid="organization-row"
          >
            <Text size="sm" c="dimmed">
              ИНН {organization.inn ?? '—'} · {organization.region ?? 'регион не указан'}
            </Text>
            <Group justify="space-between" mt={6}>
              <Text size="sm">
                Баланс: <MoneyText value={organization.balance} data-testid="organization-balance" />
              </Text>
              <RowMenu organization={organization} {...props} />
            </Group>
          </ListCard>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Организация</Table.Th>
            <Table.Th>ИНН / КПП</Table.Th>
            <Table.Th>Регион и тип</Table.Th>
            <Table.Th>Директор</Table.Th>
            <Table.Th ta="right">Баланс</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Rows {...props} depth={0} />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Button, Group, Paper, Select } from '@mantine/core';
import {
  ListSearch,
  PagedQueryView,
  PageTitle,
  useListParams,
  useOrganizationOptions,
  usePermissions,
} from '@parta/shared';
import { useMemo, useState } from 'react';
import { useUsers } from '../features/staff/api/get-users';
import { CreateStaffModal } from '../features/staff/ui/create-staff-modal';
import { StaffTable } from '../features/staff/ui/staff-table';

const FILTERS = ['search', 'organization_id'] as const;

/** Сотрудники (users.index): search, organization filter and the server-paged list, 15 a page. */
export function UsersPage() {
  const { can, user } = usePermissions();
  const { values, page, set } = useListParams(FILTERS);
  const [creating, setCreating] = useState(false);

  const organizations = useOrganizationOptions();
  const organizationId = Number(values.organization_id) || undefined;
  const users = useUsers({
    page,
    per_page: 15,
    search: values.search || undefined,
    organization_id: organizationId,
  });
  const organizationNames = useMemo(
    () =>
      new Map(
        (organizations.data ?? []).map((organization) => [
          organization.id,
          organization.short_name || organization.name,
        ]),
      ),
    [organizations.data],
  );

  return (
    <>
      <PageTitle
        description="Учителя, администрация и другие сотрудники организации"
        actions={
          can('users.edit') ? (
            <Button onClick={() => setCreating(true)}>Добавить сотрудника</Button>
          ) : undefined
        }
      >
        Сотрудники
      </PageTitle>
      <Paper withBorder p="md" radius="md">
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <ListSearch
            placeholder="Фамилия, имя, логин или почта"
            value={values.search}
            onSearch={(search) => set({ search })}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label="Организация"
            placeholder="Все организации"
            clearable
            data={(organizations.data ?? []).map((organization) => ({
              value: String(organization.id),
              label: organization.short_name || organization.name,
            }))}
            value={values.organization_id || null}
            onChange={(value) => set({ organization_id: value })}
            style={{ flex: '1 1 260px' }}
          />
        </Group>
        <PagedQueryView
          query={users}
          errorText="Не удалось загрузить сотрудников"
          empty="Никого не нашлось. Измените поиск или фильтр."
          onPage={(next) => set({ page: next })}
        >
          {(rows) => <StaffTable users={rows} organizationNames={organizationNames} />}
        </PagedQueryView>
      </Paper>
      <CreateStaffModal
        opened={creating}
        onClose={() => setCreating(false)}
        organizations={organizations.data ?? []}
        defaultOrganizationId={organizationId ?? user?.organization?.id}
      />
    </>
  );
}

import { Button, Group, Modal, Paper, Select, Switch } from '@mantine/core';
import { getErrorMessage, ListSearch, notify, PagedQueryView, PageTitle, useListParams } from '@parta/shared';
import {
  ORGANIZATION_STATUS_LABELS,
  type RegistryOrganization,
} from '@parta/shared/domain/contracts/registry';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCreateOrganization } from '../features/registry/api/create-organization';
import { EMPTY_DICTIONARIES, useDictionaries } from '../features/registry/api/get-dictionaries';
import { useOrganizations } from '../features/registry/api/get-organizations';
import { useSetOrganizationStatus } from '../features/registry/api/set-organization-status';
import { OrganizationForm } from '../features/registry/ui/organization-form';
import { OrganizationsTable } from '../features/registry/ui/organizations-table';
import { paths } from '../lib/paths';

const FILTERS = ['search', 'region', 'type_id', 'status', 'negative_balance'] as const;

/** Реестр организаций (organization.index): the tree, search, filters, paging, create and block. */
export function OrganizationsPage() {
  const { values, page, set } = useListParams(FILTERS);
  /** The form of a new organization: top-level (parent null) or a child. */
  const [creating, setCreating] = useState<{ parent: RegistryOrganization | null } | null>(null);

  const dictionaries = useDictionaries();
  const filtered = Boolean(
    values.search || values.region || values.type_id || values.status || values.negative_balance,
  );
  const organizations = useOrganizations({
    page,
    per_page: 15,
    search: values.search || undefined,
    region: values.region || undefined,
    type_id: Number(values.type_id) || undefined,
    status: (values.status || undefined) as 'active' | 'blocked' | undefined,
    negative_balance: values.negative_balance === '1' ? '1' : undefined,
  });

  const create = useCreateOrganization();
  const setStatus = useSetOrganizationStatus();

  const toggleStatus = async (organization: RegistryOrganization) => {
    const status = organization.status === 'active' ? 'blocked' : 'active';
    try {
      await setStatus.mutateAsync({ id: organization.id, status });
      notify.success(`${organization.short_name}: ${ORGANIZATION_STATUS_LABELS[status].toLowerCase()}`);
    } catch (error) {
      notify.error(getErrorMessage(error, 'Не удалось изменить статус'));
    }
  };

  return (
    <>
      <PageTitle
        description="Организации платформы с дочерними, реквизиты, статус и баланс"
        actions={
          <>
            <Button component={Link} to={paths.dictionaries} variant="default">
              Справочники
            </Button>
            <Button onClick={() => setCreating({ parent: null })}>Добавить организацию</Button>
          </>
        }
      >
        Реестр организаций
      </PageTitle>
      <Paper withBorder p="md" radius="md">
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <ListSearch
            placeholder="Название или ИНН"
            value={values.search}
            onSearch={(search) => set({ search })}
            style={{ flex: '2 1 240px' }}
          />
          <ListSearch
            label="Регион"
            value={values.region}
            onSearch={(region) => set({ region })}
            style={{ flex: '1 1 180px' }}
          />
          <Select
            label="Тип"
            placeholder="Все типы"
            clearable
            data={(dictionaries.data?.types ?? []).map((item) => ({
              value: String(item.id),
              label: item.name,
            }))}
            value={values.type_id || null}
            onChange={(value) => set({ type_id: value })}
            style={{ flex: '1 1 200px' }}
          />
          <Select
            label="Статус"
            placeholder="Любой"
            clearable
            data={[
              { value: 'active', label: ORGANIZATION_STATUS_LABELS.active },
              { value: 'blocked', label: ORGANIZATION_STATUS_LABELS.blocked },
            ]}
            value={values.status || null}
            onChange={(value) => set({ status: value })}
            style={{ flex: '1 1 160px' }}
          />
          <Switch
            label="Баланс ниже нуля"
            checked={values.negative_balance === '1'}
            onChange={(event) => set({ negative_balance: event.currentTarget.checked ? '1' : null })}
            mb={8}
          />
        </Group>
        <PagedQueryView
          query={organizations}
          errorText="Не удалось загрузить реестр"
          empty="Ничего не нашлось. Измените поиск или фильтры."
          onPage={(next) => set({ page: next })}
        >
          {(rows) => (
            <OrganizationsTable
              organizations={rows}
              dictionaries={dictionaries.data ?? EMPTY_DICTIONARIES}
              tree={!filtered}
              onAddChild={(parent) => setCreating({ parent })}
              onToggleStatus={(organization) => void toggleStatus(organization)}
            />
          )}
        </PagedQueryView>
      </Paper>
      <Modal
        opened={creating !== null}
        onClose={() => setCreating(null)}
        title={creating?.parent ? `Дочерняя организация: ${creating.parent.short_name}` : 'Новая организация'}
        size="xl"
      >
        {creating ? (
          <OrganizationForm
            parentId={creating.parent?.id ?? null}
            dictionaries={dictionaries.data ?? EMPTY_DICTIONARIES}
            submitLabel="Добавить"
            onSubmit={async (body) => {
              const created = await create.mutateAsync(body);
              notify.success(`Организация «${created.short_name}» добавлена`);
              setCreating(null);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

import { Group, Paper, SegmentedControl } from '@mantine/core';
import { ListSearch, PagedQueryView, PageTitle, useListParams } from '@parta/shared';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@parta/shared/domain/contracts/applications';
import { useApplications } from '../features/applications/api/get-applications';
import { ApplicationsTable } from '../features/applications/ui/applications-table';

const FILTERS = ['search', 'status'] as const;
const STATUS_TABS = [
  { value: '', label: 'Все' },
  { value: 'new', label: 'Новые' },
  { value: 'in_progress', label: 'В работе' },
  { value: 'approved', label: 'Одобренные' },
  { value: 'rejected', label: 'Отклонённые' },
];

/** Заявки (applications.index): applications from the landing page by status, with search. */
export function ApplicationsPage() {
  const { values, page, set } = useListParams(FILTERS);
  const status = APPLICATION_STATUSES.includes(values.status as ApplicationStatus)
    ? (values.status as ApplicationStatus)
    : undefined;
  const applications = useApplications({ page, per_page: 15, search: values.search || undefined, status });

  return (
    <>
      <PageTitle description="Заявки на подключение с главной страницы">Заявки</PageTitle>
      <Paper withBorder p="md" radius="md">
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <SegmentedControl
            data={STATUS_TABS}
            value={status ?? ''}
            onChange={(value) => set({ status: value || null })}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
          />
          <ListSearch
            // Beside the status tabs the box needs no visible label; its name stays «Поиск».
            label={null}
            aria-label="Поиск"
            placeholder="Организация, контакт, ИНН или регион"
            value={values.search}
            onSearch={(search) => set({ search })}
            style={{ flex: '1 1 260px' }}
          />
        </Group>
        <PagedQueryView
          query={applications}
          errorText="Не удалось загрузить заявки"
          empty="Заявок нет."
          onPage={(next) => set({ page: next })}
        >
          {(rows) => <ApplicationsTable applications={rows} />}
        </PagedQueryView>
      </Paper>
    </>
  );
}

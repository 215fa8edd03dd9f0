import { Group, Paper, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { ListPager, PageTitle, QueryView, useListParams } from '@parta/shared';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@parta/shared/domain/contracts/applications';
import { useState } from 'react';
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
  const [searchText, setSearchText] = useState(values.search);
  const applySearch = useDebouncedCallback((search: string) => set({ search: search.trim() }), 300);
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
          <TextInput
            placeholder="Организация, контакт, ИНН или регион"
            aria-label="Поиск"
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            style={{ flex: '1 1 260px' }}
          />
        </Group>
        <QueryView
          query={applications}
          errorText="Не удалось загрузить заявки"
          empty="Заявок нет."
          refreshing={applications.isPlaceholderData}
        >
          {(page) => <ApplicationsTable applications={page.data} />}
        </QueryView>
        <ListPager meta={applications.data?.meta} onChange={(next) => set({ page: next })} />
      </Paper>
    </>
  );
}

import { Group, Pagination, Text } from '@mantine/core';
import type { PageMeta } from '../domain/contracts/common';

export interface ListPagerProps {
  /** `meta` of a paginated answer (SPEC §7). */
  meta: PageMeta | undefined;
  onChange: (page: number) => void;
}

/** Names of Pagination's arrow buttons (they show only an icon), for every pager of the product. */
export function paginationControlProps(control: 'first' | 'previous' | 'last' | 'next') {
  const names = {
    first: 'Первая страница',
    previous: 'Предыдущая страница',
    next: 'Следующая страница',
    last: 'Последняя страница',
  };
  return { 'aria-label': names[control] };
}

/** «1–15 из 600» and the page buttons under a server-paged table. */
export function ListPager({ meta, onChange }: ListPagerProps) {
  if (!meta || meta.total === 0) return null;
  const from = (meta.current_page - 1) * meta.per_page + 1;
  const to = Math.min(meta.current_page * meta.per_page, meta.total);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed" data-testid="pager-range">
        {from}–{to} из {meta.total}
      </Text>
      {meta.last_page > 1 ? (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onChange}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={paginationControlProps}
        />
      ) : null}
    </Group>
  );
}

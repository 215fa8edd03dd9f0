import { apiClient, type PermissionKey } from '@parta/shared';
import type { GroupList, StudentList } from '@parta/shared/domain/contracts/people';
import type { UserListResponse } from '@parta/shared/domain/contracts/users';
import { useQueries } from '@tanstack/react-query';

/** One number of the dashboard; null while loading or when the API could not give it. */
export interface SchoolCount {
  key: 'classes' | 'students' | 'staff';
  label: string;
  to: string;
  permission: PermissionKey;
  value: number | null;
}

type CountSource = Omit<SchoolCount, 'value'> & {
  /** The same key the list's own screen uses for this request, so both read one cache entry. */
  queryKey: readonly unknown[];
  count: (signal: AbortSignal) => Promise<number>;
};

const ONE_ROW = { page: 1, per_page: 1 };

/** Each count reads the envelope its contract names: `meta.total` of a page, `data.groups` of GET /api/group. */
const SOURCES: CountSource[] = [
  {
    key: 'classes',
    label: 'Классы',
    to: '/class',
    permission: 'classes.view',
    queryKey: ['groups', 'list', { organization_id: undefined }, 'count'],
    count: async (signal) =>
      (await apiClient.get<{ data: GroupList }>('/group', { signal })).data.data.groups.length,
  },
  {
    key: 'students',
    label: 'Ученики',
    to: '/student',
    permission: 'students.view',
    queryKey: ['students', 'list', ONE_ROW, 'count'],
    count: async (signal) =>
      (await apiClient.get<StudentList>('/students', { params: ONE_ROW, signal })).data.meta.total,
  },
  {
    key: 'staff',
    label: 'Сотрудники',
    to: '/users',
    permission: 'users.view',
    queryKey: ['users', 'list', ONE_ROW, 'count'],
    count: async (signal) =>
      (await apiClient.get<UserListResponse>('/users', { params: ONE_ROW, signal })).data.meta.total,
  },
];

/**
 * The school's numbers the user may see, fetched in parallel; a failing one shows as null, not an
 * error. Keys sit under the lists' own keys, so adding a student on its screen refreshes the count.
 */
export function useSchoolCounts(
  can: (permission: PermissionKey) => boolean,
  enabled: boolean,
): SchoolCount[] | null {
  const visible = SOURCES.filter((source) => can(source.permission));
  const results = useQueries({
    queries: visible.map((source) => ({
      queryKey: source.queryKey,
      queryFn: ({ signal }: { signal: AbortSignal }) => source.count(signal),
      enabled,
    })),
  });
  if (!enabled || results.some((result) => result.isPending && result.fetchStatus !== 'idle')) return null;
  return visible.map(({ queryKey: _key, count: _count, ...source }, index) => ({
    ...source,
    value: results[index].data ?? null,
  }));
}

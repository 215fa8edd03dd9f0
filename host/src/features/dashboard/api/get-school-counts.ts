import { apiClient, getGroups, type PermissionKey, queryKeys } from '@parta/shared';
import type { StudentList } from '@parta/shared/domain/contracts/people';
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

type CountMeta = Omit<SchoolCount, 'value'>;

interface CountSource extends CountMeta {
  queryKey: readonly unknown[];
  queryFn: (signal: AbortSignal) => Promise<unknown>;
  select: (data: unknown) => number;
}

/** A count read from one request; `count` reads the envelope the route's contract names. */
function countSource<Answer>(
  meta: CountMeta,
  queryKey: readonly unknown[],
  fetch: (signal: AbortSignal) => Promise<Answer>,
  count: (answer: Answer) => number,
): CountSource {
  return { ...meta, queryKey, queryFn: fetch, select: (data) => count(data as Answer) };
}

const ONE_ROW = { page: 1, per_page: 1 };

/** One row of a paginated list (`{data, meta}`): only `meta.total` is read. */
const firstRow =
  <Page extends StudentList | UserListResponse>(path: string) =>
  async (signal: AbortSignal) =>
    (await apiClient.get<Page>(path, { params: ONE_ROW, signal })).data;

const SOURCES: CountSource[] = [
  // The very key and answer of the class list (shared useGroups): the class filter of Ученики and
  // Классы then opens from the cache.
  countSource(
    { key: 'classes', label: 'Классы', to: '/class', permission: 'classes.view' },
    queryKeys.groups.list(),
    (signal) => getGroups(undefined, signal),
    (list) => list.groups.length,
  ),
  countSource(
    { key: 'students', label: 'Ученики', to: '/student', permission: 'students.view' },
    queryKeys.students.list(ONE_ROW),
    firstRow<StudentList>('/students'),
    (page) => page.meta.total,
  ),
  countSource(
    { key: 'staff', label: 'Сотрудники', to: '/users', permission: 'users.view' },
    queryKeys.users.list(ONE_ROW),
    firstRow<UserListResponse>('/users'),
    (page) => page.meta.total,
  ),
];

/** The dashboard's numbers: how many the user may see, and each one once all have answered. */
export interface SchoolCounts {
  /** How many cards the row holds: the counts the user may see (all three until the permissions are known). */
  slots: number;
  /** null while loading. */
  counts: SchoolCount[] | null;
}

/**
 * The school's numbers the user may see, fetched in parallel; a failing one shows as null, not an
 * error. Keys sit under the lists' own keys, so a save on a list's screen refreshes its count too.
 */
export function useSchoolCounts(can: (permission: PermissionKey) => boolean, enabled: boolean): SchoolCounts {
  const visible = SOURCES.filter((source) => can(source.permission));
  const results = useQueries({
    queries: visible.map((source) => ({
      queryKey: source.queryKey,
      queryFn: ({ signal }: { signal: AbortSignal }) => source.queryFn(signal),
      select: source.select,
      enabled,
    })),
  });
  if (!enabled) return { slots: SOURCES.length, counts: null };
  if (results.some((result) => result.isPending && result.fetchStatus !== 'idle'))
    return { slots: visible.length, counts: null };
  return {
    slots: visible.length,
    counts: visible.map(({ key, label, to, permission }, index) => ({
      key,
      label,
      to,
      permission,
      value: results[index].data ?? null,
    })),
  };
}

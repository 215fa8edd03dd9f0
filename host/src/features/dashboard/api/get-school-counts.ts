import { apiClient, type PermissionKey } from '@parta/shared';

/** One number of the dashboard, or null when the API could not give it. */
export interface SchoolCount {
  key: 'classes' | 'students' | 'staff';
  label: string;
  to: string;
  permission: PermissionKey;
  value: number | null;
}

const SOURCES: Omit<SchoolCount, 'value'>[] = [
  { key: 'classes', label: 'Классы', to: '/class', permission: 'classes.view' },
  { key: 'students', label: 'Ученики', to: '/student', permission: 'students.view' },
  { key: 'staff', label: 'Сотрудники', to: '/users', permission: 'users.view' },
];

const REQUESTS: Record<SchoolCount['key'], () => Promise<unknown>> = {
  classes: () => apiClient.get('/group').then((response) => response.data),
  students: () =>
    apiClient.get('/students', { params: { page: 1, per_page: 1 } }).then((response) => response.data),
  staff: () =>
    apiClient.get('/users', { params: { page: 1, per_page: 1 } }).then((response) => response.data),
};

/**
 * Counts a list answer: `meta.total` of a paginated list, else the length of `data`
 * (or of `data.groups`, the shape SPEC §7 gives GET /api/group).
 */
export function countOf(body: unknown): number | null {
  const value = body as { meta?: { total?: unknown }; data?: unknown } | null;
  if (typeof value?.meta?.total === 'number') return value.meta.total;
  const data = value?.data as { groups?: unknown } | unknown[] | undefined;
  if (Array.isArray(data)) return data.length;
  if (data && Array.isArray((data as { groups?: unknown }).groups))
    return (data as { groups: unknown[] }).groups.length;
  return null;
}

/** The school's numbers the user may see, fetched in parallel; a failing one is null, not an error. */
export async function getSchoolCounts(can: (permission: PermissionKey) => boolean): Promise<SchoolCount[]> {
  const visible = SOURCES.filter((source) => can(source.permission));
  return Promise.all(
    visible.map(async (source) => {
      try {
        return { ...source, value: countOf(await REQUESTS[source.key]()) };
      } catch {
        return { ...source, value: null };
      }
    }),
  );
}

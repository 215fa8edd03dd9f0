import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';
import type { GroupList } from '../domain/contracts/people';

/** The key of the class list; class, student and import saves invalidate `['groups']`. */
export const groupsKey = (organizationId?: number) =>
  ['groups', 'list', { organization_id: organizationId }] as const;

/** GET /api/group (optional organization_id): `data` holds classes, teachers and periods (SPEC §7, §8). */
export async function getGroups(organizationId?: number, signal?: AbortSignal): Promise<GroupList> {
  const response = await apiClient.get<{ data: GroupList }>('/group', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
  return response.data.data;
}

/** Every class of the caller's tree (or of one organization): filters, forms and lists share it. */
export function useGroups(organizationId?: number, enabled = true) {
  return useQuery({
    queryKey: groupsKey(organizationId),
    queryFn: ({ signal }) => getGroups(organizationId, signal),
    enabled,
  });
}

import { apiClient } from '@parta/shared';
import type { GroupList } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/group (optional organization_id): `data` holds classes, teachers and periods (SPEC §7, §8). */
export async function getGroups(organizationId?: number, signal?: AbortSignal): Promise<GroupList> {
  const response = await apiClient.get<{ data: GroupList }>('/group', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
  return response.data.data;
}

/** Every class of the caller's tree (filters, forms and the class list share this one query). */
export function useGroups(organizationId?: number) {
  return useQuery({
    queryKey: ['groups', 'list', { organization_id: organizationId }],
    queryFn: ({ signal }) => getGroups(organizationId, signal),
  });
}

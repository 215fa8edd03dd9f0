import { apiClient } from '@parta/shared';
import type { GroupList } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/group: the classes and teachers the timetable screens pick from (of one organization when given). */
export async function getClassOptions(organizationId?: number, signal?: AbortSignal): Promise<GroupList> {
  const response = await apiClient.get<{ data: GroupList }>('/group', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
  return response.data.data;
}

/** The same key remote-people's class list uses, so both share one cached answer. */
export function useClassOptions(organizationId?: number, enabled = true) {
  return useQuery({
    queryKey: ['groups', 'list', { organization_id: organizationId }],
    queryFn: ({ signal }) => getClassOptions(organizationId, signal),
    enabled,
  });
}

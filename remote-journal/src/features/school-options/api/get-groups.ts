import { apiClient } from '@parta/shared';
import type { GroupList } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/group: the classes and teachers screens filter by. */
export async function getGroups(signal?: AbortSignal): Promise<GroupList> {
  const response = await apiClient.get<{ data: GroupList }>('/group', { signal });
  return response.data.data;
}

export function useGroups() {
  return useQuery({ queryKey: ['groups', 'list'], queryFn: ({ signal }) => getGroups(signal) });
}

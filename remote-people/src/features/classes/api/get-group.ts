import { apiClient } from '@parta/shared';
import type { GroupDetail } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/group/{id}: `data` is the class with its manager and students (SPEC §7, §8). */
export async function getGroup(id: number, signal?: AbortSignal): Promise<GroupDetail> {
  const response = await apiClient.get<{ data: GroupDetail }>(`/group/${id}`, { signal });
  return response.data.data;
}

/** Query key of a class card. */
export const groupKey = (id: number) => ['groups', 'detail', id] as const;

export function useGroup(id: number) {
  return useQuery({
    queryKey: groupKey(id),
    queryFn: ({ signal }) => getGroup(id, signal),
    enabled: Number.isFinite(id),
  });
}

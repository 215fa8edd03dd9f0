import { apiGet, queryKeys } from '@parta/shared';
import type { GroupDetail } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/group/{id}: `data` is the class with its manager and students (SPEC §7, §8). */
export async function getGroup(id: number, signal?: AbortSignal): Promise<GroupDetail> {
  return apiGet<GroupDetail>(`/group/${id}`, { signal });
}

export function useGroup(id: number) {
  return useQuery({
    queryKey: queryKeys.groups.detail(id),
    queryFn: ({ signal }) => getGroup(id, signal),
    enabled: Number.isFinite(id),
  });
}

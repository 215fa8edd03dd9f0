import { apiClient } from '@parta/shared';
import type { GroupSubgroups } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/group/{id}/subgroups: the class's splits per subject (a load line may name one subgroup). */
export async function getClassSubgroups(id: number, signal?: AbortSignal): Promise<GroupSubgroups['sets']> {
  const response = await apiClient.get<{ data: GroupSubgroups }>(`/group/${id}/subgroups`, { signal });
  return response.data.data.sets;
}

export function useClassSubgroups(id: number | null) {
  return useQuery({
    queryKey: ['groups', 'subgroups', id],
    queryFn: ({ signal }) => getClassSubgroups(id!, signal),
    enabled: id !== null,
  });
}

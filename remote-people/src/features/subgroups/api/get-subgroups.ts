import { apiClient } from '@parta/shared';
import type { GroupSubgroups } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/group/{id}/subgroups: the class's splits per subject with its students and subjects. */
export async function getSubgroups(groupId: number, signal?: AbortSignal): Promise<GroupSubgroups> {
  const response = await apiClient.get<{ data: GroupSubgroups }>(`/group/${groupId}/subgroups`, { signal });
  return response.data.data;
}

/** Query key of a class's splits; the split writes refresh it. */
export const subgroupsKey = (groupId: number) => ['groups', 'subgroups', groupId] as const;

/** The splits of the chosen class; waits until a class is chosen. */
export function useSubgroups(groupId: number | undefined) {
  return useQuery({
    queryKey: subgroupsKey(groupId ?? 0),
    queryFn: ({ signal }) => getSubgroups(groupId as number, signal),
    enabled: groupId !== undefined,
  });
}

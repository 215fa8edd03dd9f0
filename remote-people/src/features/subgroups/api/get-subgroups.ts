import { apiClient, useRequest } from '@parta/shared';
import type { GroupSubgroups } from '@parta/shared/domain/contracts/people';

/** GET /api/group/{id}/subgroups: the class's splits per subject with its students and subjects. */
export async function getSubgroups(groupId: number): Promise<GroupSubgroups> {
  const response = await apiClient.get<{ data: GroupSubgroups }>(`/group/${groupId}/subgroups`);
  return response.data.data;
}

export function useSubgroups(groupId: number | undefined) {
  return useRequest(() => getSubgroups(groupId!), [groupId], groupId !== undefined);
}

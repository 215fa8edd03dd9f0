import { apiClient, useRequest } from '@parta/shared';
import type { GroupSubgroups } from '@parta/shared/domain/contracts/people';

/** GET /api/group/{id}/subgroups: the class's splits per subject (a load line may name one subgroup). */
export async function getClassSubgroups(id: number): Promise<GroupSubgroups['sets']> {
  const response = await apiClient.get<{ data: GroupSubgroups }>(`/group/${id}/subgroups`);
  return response.data.data.sets;
}

export function useClassSubgroups(id: number | null) {
  return useRequest(() => getClassSubgroups(id!), [id], id !== null);
}

import { apiClient } from '@parta/shared';
import type { Group, GroupInput } from '@parta/shared/domain/contracts/people';

/** PUT /api/group/{id}: number, letter, manager. */
export async function updateGroup(id: number, input: GroupInput): Promise<Group> {
  const response = await apiClient.put<{ data: Group }>(`/group/${id}`, input);
  return response.data.data;
}

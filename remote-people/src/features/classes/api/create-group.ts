import { apiClient } from '@parta/shared';
import type { Group, GroupInput } from '@parta/shared/domain/contracts/people';

/** POST /api/group. */
export async function createGroup(input: GroupInput): Promise<Group> {
  const response = await apiClient.post<{ data: Group }>('/group', input);
  return response.data.data;
}

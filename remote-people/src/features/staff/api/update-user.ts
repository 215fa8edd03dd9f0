import { apiClient } from '@parta/shared';
import type { Staff, StaffUpdateInput } from '@parta/shared/domain/contracts/people';

/** PUT /api/users/{id}: saves the card, roles and the active flag. */
export async function updateUser(id: number, input: StaffUpdateInput): Promise<Staff> {
  const response = await apiClient.put<{ data: Staff }>(`/users/${id}`, input);
  return response.data.data;
}

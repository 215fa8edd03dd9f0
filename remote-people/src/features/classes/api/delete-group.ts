import { apiClient } from '@parta/shared';

/** DELETE /api/group/{id}: refused with 409 and a Russian reason while the class has students. */
export async function deleteGroup(id: number): Promise<void> {
  await apiClient.delete(`/group/${id}`);
}

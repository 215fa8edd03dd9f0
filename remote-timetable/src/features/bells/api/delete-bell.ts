import { apiClient } from '@parta/shared';

/** DELETE /api/bell/{id} (refused while a template uses it). */
export async function deleteBell(id: number): Promise<void> {
  await apiClient.delete(`/bell/${id}`);
}

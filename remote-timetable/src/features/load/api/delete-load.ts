import { apiClient } from '@parta/shared';

/** DELETE /api/load/{id}. */
export async function deleteLoad(id: number): Promise<void> {
  await apiClient.delete(`/load/${id}`);
}

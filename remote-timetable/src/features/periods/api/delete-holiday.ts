import { apiClient } from '@parta/shared';

/** DELETE /api/holidays/{id}. */
export async function deleteHoliday(id: number): Promise<void> {
  await apiClient.delete(`/holidays/${id}`);
}

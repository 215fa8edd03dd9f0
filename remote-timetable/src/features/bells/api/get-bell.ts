import { apiClient, useRequest } from '@parta/shared';
import type { BellSchedule } from '@parta/shared/domain/contracts/timetable';

/** GET /api/bell/{id}. */
export async function getBell(id: number): Promise<BellSchedule> {
  const response = await apiClient.get<{ data: BellSchedule }>(`/bell/${id}`);
  return response.data.data;
}

export function useBell(id: number | null) {
  return useRequest(() => getBell(id!), [id], id !== null);
}

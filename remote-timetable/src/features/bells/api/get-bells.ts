import { apiClient, useRequest } from '@parta/shared';
import type { BellSchedule } from '@parta/shared/domain/contracts/timetable';

/** GET /api/bell: `data.data` is the bells (SPEC §7). */
export async function getBells(): Promise<BellSchedule[]> {
  const response = await apiClient.get<{ data: { data: BellSchedule[] } }>('/bell');
  return response.data.data.data;
}

export function useBells() {
  return useRequest(getBells, []);
}

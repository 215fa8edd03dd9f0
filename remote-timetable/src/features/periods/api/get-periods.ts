import { apiClient, useRequest } from '@parta/shared';
import type { Holiday, Period } from '@parta/shared/domain/contracts/timetable';

/** GET /api/periods and GET /api/holidays together: the periods screen shows both. */
export async function getPeriods(): Promise<{ periods: Period[]; holidays: Holiday[] }> {
  const [periods, holidays] = await Promise.all([
    apiClient.get<{ data: Period[] }>('/periods'),
    apiClient.get<{ data: Holiday[] }>('/holidays'),
  ]);
  return { periods: periods.data.data, holidays: holidays.data.data };
}

export function usePeriods() {
  return useRequest(getPeriods, []);
}

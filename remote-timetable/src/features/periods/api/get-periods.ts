import { apiClient, useRequest } from '@parta/shared';
import type { Holiday, Period } from '@parta/shared/domain/contracts/timetable';

/** GET /api/periods and GET /api/holidays together: the periods screen shows both. */
export async function getPeriods(
  organizationId?: number,
): Promise<{ periods: Period[]; holidays: Holiday[] }> {
  const params = organizationId ? { organization_id: organizationId } : {};
  const [periods, holidays] = await Promise.all([
    apiClient.get<{ data: Period[] }>('/periods', { params }),
    apiClient.get<{ data: Holiday[] }>('/holidays', { params }),
  ]);
  return { periods: periods.data.data, holidays: holidays.data.data };
}

export function usePeriods(organizationId?: number) {
  return useRequest(() => getPeriods(organizationId), [organizationId], organizationId !== undefined);
}

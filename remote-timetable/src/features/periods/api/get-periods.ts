import { apiClient } from '@parta/shared';
import type { Holiday, Period } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/periods and GET /api/holidays together: the periods screen shows both. */
export async function getPeriods(
  organizationId?: number,
  signal?: AbortSignal,
): Promise<{ periods: Period[]; holidays: Holiday[] }> {
  const params = organizationId ? { organization_id: organizationId } : {};
  const [periods, holidays] = await Promise.all([
    apiClient.get<{ data: Period[] }>('/periods', { params, signal }),
    apiClient.get<{ data: Holiday[] }>('/holidays', { params, signal }),
  ]);
  return { periods: periods.data.data, holidays: holidays.data.data };
}

/** Periods and holidays of one organization (waits until it is known). */
export function usePeriods(organizationId: number | undefined) {
  return useQuery({
    queryKey: ['periods', { organization_id: organizationId }],
    queryFn: ({ signal }) => getPeriods(organizationId, signal),
    enabled: organizationId !== undefined,
  });
}

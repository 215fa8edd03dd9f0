import { apiGet, queryKeys } from '@parta/shared';
import type { Holiday } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/holidays (optional organization_id): каникулы and other days off. */
export async function getHolidays(organizationId?: number, signal?: AbortSignal): Promise<Holiday[]> {
  return apiGet<Holiday[]>('/holidays', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
}

/** Holidays of one organization; holiday saves and deletions invalidate `['holidays']`. */
export function useHolidays(organizationId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.holidays.list(organizationId),
    queryFn: ({ signal }) => getHolidays(organizationId, signal),
    enabled: organizationId !== undefined,
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/requests';
import type { Period } from '../domain/contracts/timetable';
import { queryKeys } from './query-keys';

/** GET /api/periods (optional organization_id): четверти, триместры, полугодия and the year. */
export async function getPeriods(organizationId?: number, signal?: AbortSignal): Promise<Period[]> {
  return apiGet<Period[]>('/periods', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
}

/** The periods a journal, a report or a timetable is chosen by; period saves invalidate `['periods']`. */
export function usePeriods(organizationId?: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.periods.list(organizationId),
    queryFn: ({ signal }) => getPeriods(organizationId, signal),
    enabled,
  });
}

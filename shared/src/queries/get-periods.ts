import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';
import type { Period } from '../domain/contracts/timetable';

/** GET /api/periods (optional organization_id): четверти, триместры, полугодия and the year. */
export async function getPeriods(organizationId?: number, signal?: AbortSignal): Promise<Period[]> {
  const response = await apiClient.get<{ data: Period[] }>('/periods', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
  return response.data.data;
}

/** The periods a journal, a report or a timetable is chosen by; period saves invalidate `['periods']`. */
export function usePeriods(organizationId?: number, enabled = true) {
  return useQuery({
    queryKey: ['periods', 'list', { organization_id: organizationId }],
    queryFn: ({ signal }) => getPeriods(organizationId, signal),
    enabled,
  });
}

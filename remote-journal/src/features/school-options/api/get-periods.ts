import { apiClient } from '@parta/shared';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/periods: the periods a report or a journal is chosen by. */
export async function getPeriods(signal?: AbortSignal): Promise<Period[]> {
  const response = await apiClient.get<{ data: Period[] }>('/periods', { signal });
  return response.data.data;
}

export function usePeriods() {
  return useQuery({ queryKey: ['periods', 'list'], queryFn: ({ signal }) => getPeriods(signal) });
}

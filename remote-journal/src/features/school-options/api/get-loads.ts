import { apiClient, compactParams } from '@parta/shared';
import type { LoadItem } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/load: load lines (class × subject × teacher), optionally of one teacher. */
export async function getLoads(query: { teacher_id?: number }, signal?: AbortSignal): Promise<LoadItem[]> {
  const response = await apiClient.get<{ data: LoadItem[] }>('/load', {
    params: compactParams(query),
    signal,
  });
  return response.data.data;
}

export function useLoads(query: { teacher_id?: number }, enabled = true) {
  const params = compactParams(query);
  return useQuery({
    queryKey: ['loads', 'list', params],
    queryFn: ({ signal }) => getLoads(params, signal),
    enabled,
  });
}

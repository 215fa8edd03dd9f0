import { apiClient, compactParams } from '@parta/shared';
import type { LoadItem } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

export interface LoadFilter {
  group_id?: number | null;
  teacher_id?: number | null;
}

/** GET /api/load?group_id=&teacher_id=. */
export async function getLoad(filter: LoadFilter = {}, signal?: AbortSignal): Promise<LoadItem[]> {
  const response = await apiClient.get<{ data: LoadItem[] }>('/load', {
    params: compactParams({ ...filter }),
    signal,
  });
  return response.data.data;
}

export function useLoad(filter: LoadFilter, enabled = true) {
  const params = compactParams({ ...filter });
  return useQuery({
    queryKey: ['load', params],
    queryFn: ({ signal }) => getLoad(params, signal),
    enabled,
  });
}

import { apiClient, compactParams, useRequest } from '@parta/shared';
import type { LoadItem } from '@parta/shared/domain/contracts/timetable';

export interface LoadFilter {
  group_id?: number | null;
  teacher_id?: number | null;
}

/** GET /api/load?group_id=&teacher_id=. */
export async function getLoad(filter: LoadFilter = {}): Promise<LoadItem[]> {
  const response = await apiClient.get<{ data: LoadItem[] }>('/load', {
    params: compactParams({ ...filter }),
  });
  return response.data.data;
}

export function useLoad(filter: LoadFilter, enabled = true) {
  return useRequest(() => getLoad(filter), [filter.group_id, filter.teacher_id], enabled);
}

import { useQuery } from '@tanstack/react-query';
import { compactParams } from '../api/compact-params';
import { apiGet } from '../api/requests';
import type { LoadItem } from '../domain/contracts/timetable';
import { queryKeys } from './query-keys';

export interface LoadFilter {
  organization_id?: number | null;
  group_id?: number | null;
  teacher_id?: number | null;
}

/** GET /api/load: load lines (class × subject × teacher), of one class or teacher when given. */
export async function getLoads(filter: LoadFilter = {}, signal?: AbortSignal): Promise<LoadItem[]> {
  return apiGet<LoadItem[]>('/load', {
    params: compactParams({ ...filter }),
    signal,
  });
}

/** Load lines; load saves, copies and deletions invalidate `['load']`. */
export function useLoads(filter: LoadFilter = {}, enabled = true) {
  const params = compactParams({ ...filter });
  return useQuery({
    queryKey: queryKeys.load.list(params),
    queryFn: ({ signal }) => getLoads(params, signal),
    enabled,
  });
}

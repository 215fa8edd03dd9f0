import { apiGet, queryKeys } from '@parta/shared';
import type { BellSchedule } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/bell/{id}. */
export async function getBell(id: number, signal?: AbortSignal): Promise<BellSchedule> {
  return apiGet<BellSchedule>(`/bell/${id}`, { signal });
}

export function useBell(id: number | null) {
  return useQuery({
    queryKey: queryKeys.bells.detail(id),
    queryFn: ({ signal }) => getBell(id!, signal),
    enabled: id !== null,
  });
}

import { apiClient } from '@parta/shared';
import type { BellSchedule } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/bell/{id}. */
export async function getBell(id: number, signal?: AbortSignal): Promise<BellSchedule> {
  const response = await apiClient.get<{ data: BellSchedule }>(`/bell/${id}`, { signal });
  return response.data.data;
}

export function useBell(id: number | null) {
  return useQuery({
    queryKey: ['bells', 'detail', id],
    queryFn: ({ signal }) => getBell(id!, signal),
    enabled: id !== null,
  });
}

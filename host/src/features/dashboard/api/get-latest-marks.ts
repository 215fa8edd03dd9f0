import { apiClient } from '@parta/shared';
import type { LatestMarks } from '@parta/shared/domain/contracts/diary';
import { useQuery } from '@tanstack/react-query';

/** GET /api/diary/latest-marks: a student's (or a parent's first child's) latest grades. */
export async function getLatestMarks(signal?: AbortSignal): Promise<LatestMarks> {
  const response = await apiClient.get<{ data: LatestMarks }>('/diary/latest-marks', { signal });
  return response.data.data;
}

/** «Последние оценки» of a student's or parent's dashboard; shares the diary's cache prefix. */
export function useLatestMarks(enabled: boolean) {
  return useQuery({
    queryKey: ['diary', 'latest-marks'],
    queryFn: ({ signal }) => getLatestMarks(signal),
    enabled,
    retry: false,
  });
}

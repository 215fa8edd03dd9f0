import { apiGet, queryKeys } from '@parta/shared';
import type { LatestMarks } from '@parta/shared/domain/contracts/diary';
import { useQuery } from '@tanstack/react-query';

/** GET /api/diary/latest-marks: a student's (or a parent's first child's) latest grades. */
export async function getLatestMarks(signal?: AbortSignal): Promise<LatestMarks> {
  return apiGet<LatestMarks>('/diary/latest-marks', { signal });
}

/** «Последние оценки» of a student's or parent's dashboard; shares the diary's cache prefix. */
export function useLatestMarks(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.diary.latestMarks,
    queryFn: ({ signal }) => getLatestMarks(signal),
    enabled,
    retry: false,
  });
}

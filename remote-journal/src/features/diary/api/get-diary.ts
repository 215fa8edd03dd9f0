import { apiGet, compactParams, queryKeys } from '@parta/shared';
import type { DiaryQuery, DiaryWeek } from '@parta/shared/domain/contracts/diary';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** GET /api/diary: one week of a student's diary. */
export async function getDiary(query: DiaryQuery, signal?: AbortSignal): Promise<DiaryWeek> {
  return apiGet<DiaryWeek>('/diary', {
    params: compactParams(query),
    signal,
  });
}

/** The diary week; the previous week stays on screen while the next one loads. */
export function useDiary(query: DiaryQuery) {
  const params = compactParams(query);
  return useQuery({
    queryKey: queryKeys.diary.week(params),
    queryFn: ({ signal }) => getDiary(params, signal),
    placeholderData: keepPreviousData,
  });
}

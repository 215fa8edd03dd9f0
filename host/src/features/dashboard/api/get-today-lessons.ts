import { apiGet, queryKeys } from '@parta/shared';
import type { TodayLessons } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/**
 * GET /api/lessons/today: a teacher's own lessons or a student's class's; the server answers the
 * next school day when today has none.
 */
export async function getTodayLessons(signal?: AbortSignal): Promise<TodayLessons> {
  return apiGet<TodayLessons>('/lessons/today', { signal });
}

/** «Уроки сегодня» of the dashboard; a failure leaves the card out (the dashboard still works). */
export function useTodayLessons() {
  return useQuery({ queryKey: queryKeys.lessons.today, queryFn: ({ signal }) => getTodayLessons(signal) });
}

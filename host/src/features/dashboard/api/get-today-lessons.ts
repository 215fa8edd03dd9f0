import { apiGet, queryKeys } from '@parta/shared';
import type { TodayLessons } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/**
 * GET /api/lessons/today: a teacher's own lessons, a student's class's, or a parent's child's
 * (`studentId`, else the first child); the server answers the next school day when today has none.
 */
export async function getTodayLessons(studentId?: number, signal?: AbortSignal): Promise<TodayLessons> {
  return apiGet<TodayLessons>('/lessons/today', {
    params: studentId === undefined ? undefined : { student_id: studentId },
    signal,
  });
}

/** «Уроки сегодня» of the dashboard; a failure leaves the card out (the dashboard still works). */
export function useTodayLessons(studentId?: number) {
  return useQuery({
    queryKey: queryKeys.lessons.today(studentId),
    queryFn: ({ signal }) => getTodayLessons(studentId, signal),
  });
}

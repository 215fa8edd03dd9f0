import { apiClient } from '@parta/shared';
import type { TodayLessons } from '@parta/shared/domain/contracts/timetable';

/**
 * GET /api/lessons/today: a teacher's own lessons or a student's class's; the server answers the
 * next school day when today has none. A failure leaves the card out (the dashboard still works).
 */
export async function getTodayLessons(): Promise<TodayLessons | null> {
  try {
    const response = await apiClient.get<{ data: TodayLessons }>('/lessons/today');
    return response.data.data;
  } catch (error) {
    console.error('Ошибка загрузки уроков на сегодня:', error);
    return null;
  }
}

import { apiClient } from '@parta/shared';
import type { Lesson, LessonChange } from '@parta/shared/domain/contracts/timetable';

/** PATCH /api/lessons/{id}: replacement, move, cancellation, or back to the plan. */
export async function changeLesson(id: number, change: LessonChange): Promise<Lesson> {
  const response = await apiClient.patch<{ data: Lesson }>(`/lessons/${id}`, change);
  return response.data.data;
}

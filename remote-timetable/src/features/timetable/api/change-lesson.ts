import { apiPatch, queryKeys } from '@parta/shared';
import type { Lesson, LessonChange } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PATCH /api/lessons/{id}: replacement, move, cancellation, or back to the plan. */
export async function changeLesson(id: number, change: LessonChange): Promise<Lesson> {
  return apiPatch<Lesson>(`/lessons/${id}`, change);
}

export function useChangeLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: LessonChange }) => changeLesson(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lessons.all }),
  });
}

import { apiPut, queryKeys } from '@parta/shared';
import type { JournalLesson, LessonTopicInput } from '@parta/shared/domain/contracts/journal';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/journal/lessons/{id}: a lesson's topic and homework. */
export async function updateLessonTopic(lessonId: number, input: LessonTopicInput): Promise<JournalLesson> {
  return apiPut<JournalLesson>(`/journal/lessons/${lessonId}`, input);
}

/** The grids (and the topics list) show the new topic: they refetch. */
export function useUpdateLessonTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: number; input: LessonTopicInput }) =>
      updateLessonTopic(lessonId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.journal.grids }),
  });
}

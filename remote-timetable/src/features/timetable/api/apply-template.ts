import { apiPost, queryKeys } from '@parta/shared';
import type { ApplyInput, ApplyResult } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/timetable/templates/{id}/apply: dated lessons for a period. */
export async function applyTemplate(templateId: number, input: ApplyInput): Promise<ApplyResult> {
  return apiPost<ApplyResult>(`/timetable/templates/${templateId}/apply`, input);
}

/** Applies the template; every dated-lesson view (weeks, «Уроки сегодня») refetches. */
export function useApplyTemplate(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyInput) => applyTemplate(templateId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lessons.all }),
  });
}

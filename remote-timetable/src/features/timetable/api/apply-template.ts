import { apiClient } from '@parta/shared';
import type { ApplyInput, ApplyResult } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/timetable/templates/{id}/apply: dated lessons for a period. */
export async function applyTemplate(templateId: number, input: ApplyInput): Promise<ApplyResult> {
  const response = await apiClient.post<{ data: ApplyResult }>(
    `/timetable/templates/${templateId}/apply`,
    input,
  );
  return response.data.data;
}

/** Applies the template; every dated-lesson view (weeks, «Уроки сегодня») refetches. */
export function useApplyTemplate(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyInput) => applyTemplate(templateId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lessons'] }),
  });
}

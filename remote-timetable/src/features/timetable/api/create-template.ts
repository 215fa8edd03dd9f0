import { apiPost, queryKeys } from '@parta/shared';
import type { TemplateInput, TimetableTemplate } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/timetable. */
export async function createTemplate(input: TemplateInput): Promise<TimetableTemplate> {
  return apiPost<TimetableTemplate>('/timetable', input);
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.timetable.templates }),
  });
}

import { apiPost, apiPut, queryKeys } from '@parta/shared';
import type { Subject, SubjectInput } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/subject, or PUT /api/subject/{id} when editing. */
export async function saveSubject(input: SubjectInput, id?: number): Promise<Subject> {
  return id ? apiPut<Subject>(`/subject/${id}`, input) : apiPost<Subject>('/subject', input);
}

export function useSaveSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: SubjectInput; id?: number }) => saveSubject(input, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all }),
  });
}

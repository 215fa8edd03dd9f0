import { apiClient, queryKeys } from '@parta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/subject/{id}: a subject in use is archived instead; the answer says which. */
export async function deleteSubject(id: number): Promise<{ message: string; archived: boolean }> {
  const response = await apiClient.delete<{ message: string; archived: boolean }>(`/subject/${id}`);
  return response.data;
}

export function useDeleteSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all }),
  });
}

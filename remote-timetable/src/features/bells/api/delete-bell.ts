import { apiClient, queryKeys } from '@parta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/bell/{id} (refused while a template uses it). */
export async function deleteBell(id: number): Promise<void> {
  await apiClient.delete(`/bell/${id}`);
}

export function useDeleteBell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBell,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bells.lists }),
  });
}

import { apiClient, queryKeys } from '@parta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/load/{id}. */
export async function deleteLoad(id: number): Promise<void> {
  await apiClient.delete(`/load/${id}`);
}

/** Deletes a line; its template slots go with it. */
export function useDeleteLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLoad,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.load.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timetable.all }),
      ]),
  });
}

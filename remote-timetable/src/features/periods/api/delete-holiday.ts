import { apiClient, queryKeys } from '@parta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/holidays/{id}. */
export async function deleteHoliday(id: number): Promise<void> {
  await apiClient.delete(`/holidays/${id}`);
}

export function useDeleteHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHoliday,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.holidays.all }),
  });
}

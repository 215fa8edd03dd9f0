import { apiClient, queryKeys } from '@parta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/timetable/rooms/{id}: the answer is a bare message. */
export async function deleteRoom(id: number): Promise<{ message: string }> {
  const response = await apiClient.delete<{ message: string }>(`/timetable/rooms/${id}`);
  return response.data;
}

export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoom,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.timetable.rooms });
      // Load lines that required the room no longer do.
      await queryClient.invalidateQueries({ queryKey: queryKeys.load.all });
    },
  });
}

import { apiPost, apiPut, queryKeys } from '@parta/shared';
import type { Room, RoomInput } from '@parta/shared/domain/contracts/timetable-generator';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/timetable/rooms, or PUT /api/timetable/rooms/{id} when editing. */
export function saveRoom(input: RoomInput, id?: number): Promise<Room> {
  return id ? apiPut<Room>(`/timetable/rooms/${id}`, input) : apiPost<Room>('/timetable/rooms', input);
}

export function useSaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: RoomInput; id?: number }) => saveRoom(input, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.timetable.rooms }),
  });
}

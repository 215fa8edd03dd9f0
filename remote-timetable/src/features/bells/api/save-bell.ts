import { apiClient } from '@parta/shared';
import type { BellSchedule, BellScheduleInput } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/bell, or PUT /api/bell/{id} (the lessons are replaced as a whole). */
export async function saveBell(input: BellScheduleInput, id?: number): Promise<BellSchedule> {
  const response = id
    ? await apiClient.put<{ data: BellSchedule }>(`/bell/${id}`, input)
    : await apiClient.post<{ data: BellSchedule }>('/bell', input);
  return response.data.data;
}

/** Saves a schedule; a new default demotes another, so every bells query refetches. */
export function useSaveBell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: BellScheduleInput; id?: number }) => saveBell(input, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bells'] }),
  });
}

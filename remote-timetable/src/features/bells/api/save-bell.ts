import { apiPost, apiPut, queryKeys } from '@parta/shared';
import type { BellSchedule, BellScheduleInput } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/bell, or PUT /api/bell/{id} (the lessons are replaced as a whole). */
export async function saveBell(input: BellScheduleInput, id?: number): Promise<BellSchedule> {
  return id ? apiPut<BellSchedule>(`/bell/${id}`, input) : apiPost<BellSchedule>('/bell', input);
}

/** Saves a schedule; a new default demotes another, so every bells query refetches. */
export function useSaveBell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: BellScheduleInput; id?: number }) => saveBell(input, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bells.all }),
  });
}

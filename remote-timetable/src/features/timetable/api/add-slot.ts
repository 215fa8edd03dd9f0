import { apiPost, queryKeys } from '@parta/shared';
import type { SlotInput, TimetableSlot } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/timetable/templates/{id}/slots: 409 with the reason when the placement conflicts. */
export async function addSlot(templateId: number, input: SlotInput): Promise<TimetableSlot> {
  return apiPost<TimetableSlot>(`/timetable/templates/${templateId}/slots`, input);
}

/** Places a line; the grid and the templates' counts refetch. */
export function useAddSlot(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlotInput) => addSlot(templateId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.timetable.all }),
  });
}

import { apiClient, queryKeys } from '@parta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/timetable/templates/{id}/slots/{slotId}. */
export async function removeSlot(templateId: number, slotId: number): Promise<void> {
  await apiClient.delete(`/timetable/templates/${templateId}/slots/${slotId}`);
}

export function useRemoveSlot(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slotId: number) => removeSlot(templateId, slotId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.timetable.all }),
  });
}

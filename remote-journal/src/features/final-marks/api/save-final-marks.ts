import { apiPut, queryKeys } from '@parta/shared';
import type { FinalInput, FinalMarkItem } from '@parta/shared/domain/contracts/journal';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/journal/final: set, confirm or remove final marks (all or none). */
export async function saveFinalMarks(input: FinalInput): Promise<FinalMarkItem[]> {
  return apiPut<FinalMarkItem[]>('/journal/final', input);
}

/** The class's final marks refetch (the year's proposals follow the period marks). */
export function useSaveFinalMarks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFinalMarks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.journal.finals }),
  });
}

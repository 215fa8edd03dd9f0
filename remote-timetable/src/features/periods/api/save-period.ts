import { apiPost, apiPut, queryKeys } from '@parta/shared';
import type { Period, PeriodInput } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/periods, or PUT /api/periods/{id}. */
export async function savePeriod(input: PeriodInput, id?: number): Promise<Period> {
  return id ? apiPut<Period>(`/periods/${id}`, input) : apiPost<Period>('/periods', input);
}

export function useSavePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: PeriodInput; id?: number }) => savePeriod(input, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.periods.all }),
  });
}

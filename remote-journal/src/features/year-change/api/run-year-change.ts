import { apiPost } from '@parta/shared';
import type { YearChangeInput, YearChangePlan } from '@parta/shared/domain/contracts/year-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/academic-years/next: closes the year and opens the next one. */
export async function runYearChange(input: YearChangeInput) {
  return apiPost<YearChangePlan>('/academic-years/next', input);
}

/** Every screen's data changes with the year (classes, periods, load, КТП): the whole cache is stale. */
export function useRunYearChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runYearChange,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

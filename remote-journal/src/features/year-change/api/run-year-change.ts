import { apiPost, queryKeys } from '@parta/shared';
import type { YearChangeInput, YearChangePlan } from '@parta/shared/domain/contracts/year-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/academic-years/next: closes the year and opens the next one. */
export async function runYearChange(input: YearChangeInput) {
  return apiPost<YearChangePlan>('/academic-years/next', input);
}

/**
 * The run. `onDone` (the message, closing the dialog) comes first: the preview the dialog shows is
 * dropped, not refetched — asked again it would answer 409 «уже закрыт» and, drawn in the dialog,
 * unmount the form before a per-call callback could run. Then every screen's data is stale
 * (classes, periods, load, КТП) and is read again.
 */
export function useRunYearChange(onDone: (done: YearChangePlan) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runYearChange,
    onSuccess: (done) => {
      onDone(done);
      queryClient.removeQueries({ queryKey: queryKeys.yearChange.preview });
      return queryClient.invalidateQueries();
    },
  });
}

import { apiPost, queryKeys } from '@parta/shared';
import type { ClosedPeriod, Period } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/periods/{id}/close (answers the final marks still missing too) or /reopen. */
export async function setPeriodClosed(id: number, closed: boolean): Promise<Period | ClosedPeriod> {
  return apiPost<Period | ClosedPeriod>(`/periods/${id}/${closed ? 'close' : 'reopen'}`);
}

export function useSetPeriodClosed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, closed }: { id: number; closed: boolean }) => setPeriodClosed(id, closed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.periods.all }),
  });
}

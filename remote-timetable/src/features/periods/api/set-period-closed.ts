import { apiPost, queryKeys } from '@parta/shared';
import type { Period } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/periods/{id}/close or /reopen. */
export async function setPeriodClosed(id: number, closed: boolean): Promise<Period> {
  return apiPost<Period>(`/periods/${id}/${closed ? 'close' : 'reopen'}`);
}

export function useSetPeriodClosed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, closed }: { id: number; closed: boolean }) => setPeriodClosed(id, closed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.periods.all }),
  });
}

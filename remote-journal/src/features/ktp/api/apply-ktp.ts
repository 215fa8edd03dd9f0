import { apiClient } from '@parta/shared';
import type { KtpApplyResult } from '@parta/shared/domain/contracts/ktp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ktpPlanKey } from './get-ktp-plan';

/** POST /api/ktp/{id}/apply: topics and homework onto the class's dated lessons. */
export async function applyKtp(
  id: number,
  input: { group_id?: number; overwrite: boolean },
): Promise<KtpApplyResult> {
  const response = await apiClient.post<{ data: KtpApplyResult }>(`/ktp/${id}/apply`, input);
  return response.data.data;
}

export function useApplyKtp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { group_id?: number; overwrite: boolean }) => applyKtp(id, input),
    // Planned dates of the items changed; lessons' topics changed for the journal and the diary.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ktpPlanKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['lessons'] }),
        queryClient.invalidateQueries({ queryKey: ['diary'] }),
      ]),
  });
}

import { apiPost, queryKeys } from '@parta/shared';

import type { KtpApplyResult } from '@parta/shared/domain/contracts/ktp';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/ktp/{id}/apply: topics and homework onto the class's dated lessons. */
export async function applyKtp(
  id: number,
  input: { group_id?: number; overwrite: boolean },
): Promise<KtpApplyResult> {
  return apiPost<KtpApplyResult>(`/ktp/${id}/apply`, input);
}

export function useApplyKtp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { group_id?: number; overwrite: boolean }) => applyKtp(id, input),
    // Planned dates of the items changed; lessons' topics changed for the journal and the diary.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.ktp.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lessons.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.diary.all }),
      ]),
  });
}

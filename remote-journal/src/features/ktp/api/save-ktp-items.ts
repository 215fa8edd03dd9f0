import { apiPut, queryKeys } from '@parta/shared';

import type { KtpItemInput, KtpPlanDetail } from '@parta/shared/domain/contracts/ktp';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/ktp/{id}/items: the whole ordered list. */
export async function saveKtpItems(id: number, items: KtpItemInput[]): Promise<KtpPlanDetail> {
  return apiPut<KtpPlanDetail>(`/ktp/${id}/items`, { items });
}

export function useSaveKtpItems(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: KtpItemInput[]) => saveKtpItems(id, items),
    onSuccess: (plan) => {
      queryClient.setQueryData(queryKeys.ktp.detail(id), plan);
      return queryClient.invalidateQueries({ queryKey: queryKeys.ktp.lists });
    },
  });
}

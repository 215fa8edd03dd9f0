import { apiClient } from '@parta/shared';
import type { KtpItemInput, KtpPlanDetail } from '@parta/shared/domain/contracts/ktp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ktpPlanKey } from './get-ktp-plan';

/** PUT /api/ktp/{id}/items: the whole ordered list. */
export async function saveKtpItems(id: number, items: KtpItemInput[]): Promise<KtpPlanDetail> {
  const response = await apiClient.put<{ data: KtpPlanDetail }>(`/ktp/${id}/items`, { items });
  return response.data.data;
}

export function useSaveKtpItems(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: KtpItemInput[]) => saveKtpItems(id, items),
    onSuccess: (plan) => {
      queryClient.setQueryData(ktpPlanKey(id), plan);
      return queryClient.invalidateQueries({ queryKey: ['ktp', 'list'] });
    },
  });
}

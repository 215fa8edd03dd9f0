import { apiClient } from '@parta/shared';
import type { KtpPlanDetail } from '@parta/shared/domain/contracts/ktp';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/ktp/{id}/copy: the same items for another class of the parallel. */
export async function copyKtpPlan(id: number, groupId: number): Promise<KtpPlanDetail> {
  const response = await apiClient.post<{ data: KtpPlanDetail }>(`/ktp/${id}/copy`, { group_id: groupId });
  return response.data.data;
}

export function useCopyKtpPlan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) => copyKtpPlan(id, groupId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ktp', 'list'] }),
  });
}

import { apiPost, queryKeys } from '@parta/shared';
import type { KtpPlanDetail } from '@parta/shared/domain/contracts/ktp';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/ktp/{id}/copy: the same items for another class of the parallel. */
export async function copyKtpPlan(id: number, groupId: number): Promise<KtpPlanDetail> {
  return apiPost<KtpPlanDetail>(`/ktp/${id}/copy`, { group_id: groupId });
}

export function useCopyKtpPlan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) => copyKtpPlan(id, groupId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ktp.lists }),
  });
}

import { apiPost, queryKeys } from '@parta/shared';
import type { KtpPlanDetail, KtpPlanInput } from '@parta/shared/domain/contracts/ktp';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/ktp. */
export async function createKtpPlan(input: KtpPlanInput): Promise<KtpPlanDetail> {
  return apiPost<KtpPlanDetail>('/ktp', input);
}

export function useCreateKtpPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKtpPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ktp.lists }),
  });
}

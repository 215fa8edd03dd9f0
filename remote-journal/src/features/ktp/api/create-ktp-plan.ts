import { apiClient } from '@parta/shared';
import type { KtpPlanDetail, KtpPlanInput } from '@parta/shared/domain/contracts/ktp';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/ktp. */
export async function createKtpPlan(input: KtpPlanInput): Promise<KtpPlanDetail> {
  const response = await apiClient.post<{ data: KtpPlanDetail }>('/ktp', input);
  return response.data.data;
}

export function useCreateKtpPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKtpPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ktp', 'list'] }),
  });
}

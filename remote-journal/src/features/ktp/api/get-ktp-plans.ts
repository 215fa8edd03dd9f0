import { apiClient } from '@parta/shared';
import type { KtpPlan } from '@parta/shared/domain/contracts/ktp';
import { useQuery } from '@tanstack/react-query';

/** GET /api/ktp: the plans of the school. */
export async function getKtpPlans(signal?: AbortSignal): Promise<KtpPlan[]> {
  const response = await apiClient.get<{ data: KtpPlan[] }>('/ktp', { signal });
  return response.data.data;
}

export function useKtpPlans() {
  return useQuery({ queryKey: ['ktp', 'list'], queryFn: ({ signal }) => getKtpPlans(signal) });
}

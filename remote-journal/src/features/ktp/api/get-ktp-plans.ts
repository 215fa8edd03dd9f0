import { apiGet, queryKeys } from '@parta/shared';
import type { KtpPlan } from '@parta/shared/domain/contracts/ktp';
import { useQuery } from '@tanstack/react-query';

/** GET /api/ktp: the plans of the school. */
export async function getKtpPlans(signal?: AbortSignal): Promise<KtpPlan[]> {
  return apiGet<KtpPlan[]>('/ktp', { signal });
}

export function useKtpPlans() {
  return useQuery({ queryKey: queryKeys.ktp.lists, queryFn: ({ signal }) => getKtpPlans(signal) });
}

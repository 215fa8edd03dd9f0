import { apiGet, queryKeys } from '@parta/shared';
import type { KtpPlanDetail } from '@parta/shared/domain/contracts/ktp';
import { useQuery } from '@tanstack/react-query';

/** GET /api/ktp/{id}: a plan with its items in order. */
export async function getKtpPlan(id: number, signal?: AbortSignal): Promise<KtpPlanDetail> {
  return apiGet<KtpPlanDetail>(`/ktp/${id}`, { signal });
}

export function useKtpPlan(id: number) {
  return useQuery({ queryKey: queryKeys.ktp.detail(id), queryFn: ({ signal }) => getKtpPlan(id, signal) });
}

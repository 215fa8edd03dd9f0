import { apiClient } from '@parta/shared';
import type { KtpPlanDetail } from '@parta/shared/domain/contracts/ktp';
import { useQuery } from '@tanstack/react-query';

/** GET /api/ktp/{id}: a plan with its items in order. */
export async function getKtpPlan(id: number, signal?: AbortSignal): Promise<KtpPlanDetail> {
  const response = await apiClient.get<{ data: KtpPlanDetail }>(`/ktp/${id}`, { signal });
  return response.data.data;
}

export const ktpPlanKey = (id: number) => ['ktp', 'detail', id] as const;

export function useKtpPlan(id: number) {
  return useQuery({ queryKey: ktpPlanKey(id), queryFn: ({ signal }) => getKtpPlan(id, signal) });
}

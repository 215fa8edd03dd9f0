import { apiGet, queryKeys } from '@parta/shared';
import type { KtpPlan } from '@parta/shared/domain/contracts/ktp';
import { useQuery } from '@tanstack/react-query';

/** GET /api/ktp: the plans of the school, of one academic year when given. */
export async function getKtpPlans(academicYear: string | null, signal?: AbortSignal): Promise<KtpPlan[]> {
  return apiGet<KtpPlan[]>('/ktp', {
    params: academicYear ? { academic_year: academicYear } : {},
    signal,
  });
}

export function useKtpPlans(academicYear: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.ktp.list(academicYear),
    queryFn: ({ signal }) => getKtpPlans(academicYear, signal),
    enabled,
  });
}

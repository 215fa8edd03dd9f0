import { apiGet, queryKeys } from '@parta/shared';
import type { YearChangePlan } from '@parta/shared/domain/contracts/year-change';
import { useQuery } from '@tanstack/react-query';

/** GET /api/academic-years/next: what «Новый учебный год» will do for the caller's school. */
export async function getYearChangePreview(signal?: AbortSignal) {
  return apiGet<YearChangePlan>('/academic-years/next', { signal });
}

/** The preview, read afresh each time the dialog opens (the school changes while it is closed). */
export function useYearChangePreview(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.yearChange.preview,
    queryFn: ({ signal }) => getYearChangePreview(signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

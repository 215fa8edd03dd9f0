import { apiGet, compactParams, downloadFile, queryKeys } from '@parta/shared';
import type { ClassificationQuery, ClassificationReport } from '@parta/shared/domain/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** GET /api/reports/classification. */
export async function getClassification(query: ClassificationQuery, signal?: AbortSignal) {
  return apiGet<ClassificationReport>('/reports/classification', {
    params: compactParams(query),
    signal,
  });
}

/** The report once a period is chosen. */
export function useClassification(query: Partial<ClassificationQuery>) {
  const params = compactParams(query);
  return useQuery({
    queryKey: queryKeys.reports.classification(params),
    queryFn: ({ signal }) => getClassification(params as ClassificationQuery, signal),
    enabled: query.period_id !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The same report as .xlsx. */
export function downloadClassification(query: ClassificationQuery) {
  return downloadFile('/reports/classification', { ...query, format: 'xlsx' }, 'классификация.xlsx');
}

import { apiGet, compactParams, downloadFile, queryKeys } from '@parta/shared';
import type {
  AcademicPerformanceQuery,
  AcademicPerformanceReport,
} from '@parta/shared/domain/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** GET /api/reports/academic-performance. */
export async function getAcademicPerformance(query: AcademicPerformanceQuery, signal?: AbortSignal) {
  return apiGet<AcademicPerformanceReport>('/reports/academic-performance', {
    params: compactParams(query),
    signal,
  });
}

export function useAcademicPerformance(query: Partial<AcademicPerformanceQuery>) {
  const params = compactParams(query);
  return useQuery({
    queryKey: queryKeys.reports.academicPerformance(params),
    queryFn: ({ signal }) => getAcademicPerformance(params as AcademicPerformanceQuery, signal),
    enabled: query.period_id !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function downloadAcademicPerformance(query: AcademicPerformanceQuery) {
  return downloadFile('/reports/academic-performance', { ...query, format: 'xlsx' }, 'успеваемость.xlsx');
}

import { apiClient, compactParams, downloadFile } from '@parta/shared';
import type {
  AcademicPerformanceQuery,
  AcademicPerformanceReport,
} from '@parta/shared/domain/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** GET /api/reports/academic-performance. */
export async function getAcademicPerformance(query: AcademicPerformanceQuery, signal?: AbortSignal) {
  const response = await apiClient.get<{ data: AcademicPerformanceReport }>('/reports/academic-performance', {
    params: compactParams(query),
    signal,
  });
  return response.data.data;
}

export function useAcademicPerformance(query: Partial<AcademicPerformanceQuery>) {
  const params = compactParams(query);
  return useQuery({
    queryKey: ['reports', 'academic-performance', params],
    queryFn: ({ signal }) => getAcademicPerformance(params as AcademicPerformanceQuery, signal),
    enabled: query.period_id !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function downloadAcademicPerformance(query: AcademicPerformanceQuery) {
  return downloadFile('/reports/academic-performance', { ...query, format: 'xlsx' }, 'успеваемость.xlsx');
}

import { apiGet, apiPut, downloadFile, queryKeys } from '@parta/shared';
import type { ClassPlan, HoursReport, PlanInput } from '@parta/shared/domain/contracts/extracurricular';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export interface HoursRequest {
  from: string;
  to: string;
  group_id?: number;
}

/** GET /api/extracurricular/report: hours per pupil and direction (and the class plan). */
export function getHoursReport(request: HoursRequest, signal?: AbortSignal): Promise<HoursReport> {
  return apiGet<HoursReport>('/extracurricular/report', { params: request, signal });
}

export function useHoursReport(request: HoursRequest) {
  return useQuery({
    queryKey: queryKeys.extracurricular.report(request),
    queryFn: ({ signal }) => getHoursReport(request, signal),
    placeholderData: keepPreviousData,
  });
}

/** The same report as .xlsx. */
export function downloadHoursReport(request: HoursRequest): Promise<void> {
  return downloadFile(
    '/extracurricular/report',
    { ...request, format: 'xlsx' },
    'внеурочная-деятельность.xlsx',
  );
}

export function usePlan(groupId: number | null) {
  return useQuery({
    queryKey: queryKeys.extracurricular.plan(groupId),
    queryFn: ({ signal }) =>
      apiGet<ClassPlan>('/extracurricular/plans', { params: { group_id: groupId }, signal }),
    enabled: groupId !== null,
  });
}

export function useSavePlan(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanInput) =>
      apiPut<ClassPlan>('/extracurricular/plans', input, { params: { group_id: groupId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.extracurricular.all }),
  });
}

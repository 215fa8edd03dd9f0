import { apiDelete, apiGet, apiPost, apiPut, downloadFile, queryKeys } from '@parta/shared';
import type {
  Absence,
  AbsenceDetail,
  AbsenceInput,
  CoverDecision,
  CoverLesson,
  DistributeResult,
  SubstitutionReport,
} from '@parta/shared/domain/contracts/substitutions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

export interface DateRange {
  from: string;
  to: string;
}

/** GET /api/substitutions/absences: absences overlapping the dates, with their open lessons counted. */
export function getAbsences(range: DateRange, signal?: AbortSignal): Promise<Absence[]> {
  return apiGet<Absence[]>('/substitutions/absences', { params: range, signal });
}

export function useAbsences(range: DateRange) {
  return useQuery({
    queryKey: queryKeys.substitutions.absences(range),
    queryFn: ({ signal }) => getAbsences(range, signal),
  });
}

/** GET /api/substitutions/absences/{id}: the lessons by day with their candidates. */
export function getAbsence(id: number, signal?: AbortSignal): Promise<AbsenceDetail> {
  return apiGet<AbsenceDetail>(`/substitutions/absences/${id}`, { signal });
}

export function useAbsence(id: number | null) {
  return useQuery({
    queryKey: queryKeys.substitutions.absence(id),
    queryFn: ({ signal }) => getAbsence(id as number, signal),
    enabled: id !== null,
  });
}

/**
 * After a decision: the absence's lessons and counts, and every dated lesson shown elsewhere (the
 * class week, «Уроки сегодня») now names the substitute.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.substitutions.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.lessons.all }),
    ]);
}

export function useCreateAbsence() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: AbsenceInput) => apiPost<AbsenceDetail>('/substitutions/absences', input),
    onSuccess: refresh,
  });
}

export function useDeleteAbsence() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/substitutions/absences/${id}`),
    onSuccess: refresh,
  });
}

export function useDecideLesson(absenceId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ lessonId, decision }: { lessonId: number; decision: CoverDecision }) =>
      apiPut<CoverLesson>(`/substitutions/absences/${absenceId}/lessons/${lessonId}`, decision),
    onSuccess: refresh,
  });
}

export function useDistribute(absenceId: number) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<DistributeResult>(`/substitutions/absences/${absenceId}/distribute`),
    // The answer is the absence as it is now: shown at once with its substitutes, then refreshed.
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.substitutions.absence(absenceId), result.detail);
      return refresh();
    },
  });
}

/** GET /api/substitutions/report: «Замещения за месяц» for any dates. */
export function getSubstitutionReport(range: DateRange, signal?: AbortSignal): Promise<SubstitutionReport> {
  return apiGet<SubstitutionReport>('/substitutions/report', { params: range, signal });
}

export function useSubstitutionReport(range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.substitutions.report(range),
    queryFn: ({ signal }) => getSubstitutionReport(range, signal),
    enabled,
  });
}

export function downloadSubstitutionReport(range: DateRange) {
  return downloadFile('/substitutions/report', { ...range, format: 'xlsx' }, 'Замещения.xlsx');
}

/** A teacher's month in substitutions: extra hours given (замещение) and own hours missed. */
export interface MonthHours {
  teacher_name: string;
  substituted: number;
  missed: number;
}

/**
 * The month's hours per teacher for the load screen — from the same report the «Замещения за месяц»
 * tab and its .xlsx show, so the three never disagree.
 */
export function useMonthHours(range: DateRange, enabled: boolean) {
  const report = useSubstitutionReport(range, enabled);
  const hours = useMemo(() => {
    const result = new Map<number, MonthHours>();
    for (const entry of report.data?.substitutes ?? [])
      result.set(entry.teacher_id, { teacher_name: entry.teacher_name, substituted: entry.hours, missed: 0 });
    for (const entry of report.data?.absent ?? [])
      result.set(entry.teacher_id, {
        teacher_name: entry.teacher_name,
        substituted: result.get(entry.teacher_id)?.substituted ?? 0,
        missed: entry.hours,
      });
    return result;
  }, [report.data]);
  return { report, hours };
}

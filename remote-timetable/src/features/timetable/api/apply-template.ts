import { apiPost, queryKeys } from '@parta/shared';
import type { ApplyInput, ApplyResult } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** POST /api/timetable/templates/{id}/apply: dated lessons for a period (with dry_run: what it would do). */
export async function applyTemplate(
  templateId: number,
  input: ApplyInput,
  signal?: AbortSignal,
): Promise<ApplyResult> {
  return apiPost<ApplyResult>(`/timetable/templates/${templateId}/apply`, input, { signal });
}

/**
 * The preview before «Применить»: the same request as a dry run, so it says exactly what applying
 * will create, move, remove and keep, and which counts and bookings clash afterwards. Never cached
 * for long: lessons change under it.
 */
export function useApplyPreview(templateId: number, periodId: number | null) {
  return useQuery({
    queryKey: queryKeys.timetable.applyPreview(templateId, periodId),
    queryFn: ({ signal }) => applyTemplate(templateId, { period_id: periodId!, dry_run: true }, signal),
    enabled: periodId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Applies the template; every dated-lesson view (weeks, «Уроки сегодня», the preview) refetches. */
export function useApplyTemplate(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyInput) => applyTemplate(templateId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lessons.all }),
  });
}

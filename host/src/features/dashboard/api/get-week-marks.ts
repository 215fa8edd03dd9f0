import { apiGet, queryKeys } from '@parta/shared';
import type { WeekMarks } from '@parta/shared/domain/contracts/journal';
import { useQuery } from '@tanstack/react-query';

/** GET /api/journal/week: a teacher's marks given or a student's marks got over the last seven days. */
export async function getWeekMarks(signal?: AbortSignal): Promise<WeekMarks> {
  return apiGet<WeekMarks>('/journal/week', { signal });
}

/** «Оценки за неделю» of the dashboard; a failure leaves the card out. Saved marks refresh it (key under 'journal'). */
export function useWeekMarks() {
  return useQuery({ queryKey: queryKeys.journal.week, queryFn: ({ signal }) => getWeekMarks(signal) });
}

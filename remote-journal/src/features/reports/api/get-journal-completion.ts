import { apiGet, compactParams, downloadFile, queryKeys } from '@parta/shared';
import type { JournalCompletionQuery, JournalCompletionReport } from '@parta/shared/domain/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** GET /api/reports/journal-completion. */
export async function getJournalCompletion(query: JournalCompletionQuery, signal?: AbortSignal) {
  return apiGet<JournalCompletionReport>('/reports/journal-completion', {
    params: compactParams(query),
    signal,
  });
}

export function useJournalCompletion(query: JournalCompletionQuery) {
  const params = compactParams(query);
  return useQuery({
    queryKey: queryKeys.reports.journalCompletion(params),
    queryFn: ({ signal }) => getJournalCompletion(params as JournalCompletionQuery, signal),
    placeholderData: keepPreviousData,
  });
}

export function downloadJournalCompletion(query: JournalCompletionQuery) {
  return downloadFile('/reports/journal-completion', { ...query, format: 'xlsx' }, 'заполняемость.xlsx');
}

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

/** The report with one page of its gaps (query gaps_page); waits while `enabled` is false. */
export function useJournalCompletion(query: JournalCompletionQuery, enabled = true) {
  const params = compactParams(query);
  return useQuery({
    queryKey: queryKeys.reports.journalCompletion(params),
    queryFn: ({ signal }) => getJournalCompletion(params as JournalCompletionQuery, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The .xlsx: every gap, whatever page the screen shows. */
export function downloadJournalCompletion({ gaps_page: _page, ...query }: JournalCompletionQuery) {
  return downloadFile('/reports/journal-completion', { ...query, format: 'xlsx' }, 'заполняемость.xlsx');
}

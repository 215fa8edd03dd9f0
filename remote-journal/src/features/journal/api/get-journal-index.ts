import { apiGet, queryKeys } from '@parta/shared';
import type { JournalIndex } from '@parta/shared/domain/contracts/journal';
import { useQuery } from '@tanstack/react-query';

/** GET /api/journal: the loads the caller may open (own first) and the periods. */
export async function getJournalIndex(signal?: AbortSignal): Promise<JournalIndex> {
  return apiGet<JournalIndex>('/journal', { signal });
}

export function useJournalIndex() {
  return useQuery({ queryKey: queryKeys.journal.index, queryFn: ({ signal }) => getJournalIndex(signal) });
}

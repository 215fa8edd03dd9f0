import { apiGet, compactParams, queryKeys } from '@parta/shared';
import type { JournalGrid } from '@parta/shared/domain/contracts/journal';
import { useQuery } from '@tanstack/react-query';

export interface JournalRequest {
  groupId: number;
  loadId: number;
  /** Omitted: the term of today. */
  periodId?: number;
}

/** GET /api/journal/{group_id}/{load_id}: the whole grid in one request. */
export async function getJournal(request: JournalRequest, signal?: AbortSignal): Promise<JournalGrid> {
  return apiGet<JournalGrid>(`/journal/${request.groupId}/${request.loadId}`, {
    params: compactParams({ period_id: request.periodId }),
    signal,
  });
}

export function useJournal(request: JournalRequest) {
  return useQuery({
    queryKey: queryKeys.journal.grid(request),
    queryFn: ({ signal }) => getJournal(request, signal),
    // Marks others save show up when the teacher comes back to the screen, never mid-typing.
    staleTime: 0,
  });
}

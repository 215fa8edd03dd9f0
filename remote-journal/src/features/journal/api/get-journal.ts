import { apiClient, compactParams } from '@parta/shared';
import type { JournalGrid } from '@parta/shared/domain/contracts/journal';
import { useQuery } from '@tanstack/react-query';

export interface JournalRequest {
  groupId: number;
  loadId: number;
  /** Omitted: the term of today. */
  periodId?: number;
}

/** The key of one grid; cell saves write their answers into it. */
export const journalKey = (request: JournalRequest) =>
  [
    'journal',
    'grid',
    { groupId: request.groupId, loadId: request.loadId, periodId: request.periodId ?? null },
  ] as const;

/** GET /api/journal/{group_id}/{load_id}: the whole grid in one request. */
export async function getJournal(request: JournalRequest, signal?: AbortSignal): Promise<JournalGrid> {
  const response = await apiClient.get<{ data: JournalGrid }>(
    `/journal/${request.groupId}/${request.loadId}`,
    {
      params: compactParams({ period_id: request.periodId }),
      signal,
    },
  );
  return response.data.data;
}

export function useJournal(request: JournalRequest) {
  return useQuery({
    queryKey: journalKey(request),
    queryFn: ({ signal }) => getJournal(request, signal),
    // Marks others save show up when the teacher comes back to the screen, never mid-typing.
    staleTime: 0,
  });
}

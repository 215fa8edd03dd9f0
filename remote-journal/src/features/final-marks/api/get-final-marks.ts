import { apiGet, queryKeys } from '@parta/shared';
import type { FinalGrid } from '@parta/shared/domain/contracts/journal';
import { useQuery } from '@tanstack/react-query';

/** GET /api/journal/final?group_id=: confirmed final marks and proposals of a class. */
export async function getFinalMarks(groupId: number, signal?: AbortSignal): Promise<FinalGrid> {
  return apiGet<FinalGrid>('/journal/final', {
    params: { group_id: groupId },
    signal,
  });
}

export function useFinalMarks(groupId: number | null) {
  return useQuery({
    queryKey: queryKeys.journal.final(groupId),
    queryFn: ({ signal }) => getFinalMarks(groupId!, signal),
    enabled: groupId !== null,
  });
}

import { apiClient } from '@parta/shared';
import type { FinalGrid } from '@parta/shared/domain/contracts/journal';
import { useQuery } from '@tanstack/react-query';

export const finalMarksKey = (groupId: number | null) => ['journal', 'final', { groupId }] as const;

/** GET /api/journal/final?group_id=: confirmed final marks and proposals of a class. */
export async function getFinalMarks(groupId: number, signal?: AbortSignal): Promise<FinalGrid> {
  const response = await apiClient.get<{ data: FinalGrid }>('/journal/final', {
    params: { group_id: groupId },
    signal,
  });
  return response.data.data;
}

export function useFinalMarks(groupId: number | null) {
  return useQuery({
    queryKey: finalMarksKey(groupId),
    queryFn: ({ signal }) => getFinalMarks(groupId!, signal),
    enabled: groupId !== null,
  });
}

import { apiClient } from '@parta/shared';
import type { JournalIndex } from '@parta/shared/domain/contracts/journal';
import { useQuery } from '@tanstack/react-query';

/** GET /api/journal: the loads the caller may open (own first) and the periods. */
export async function getJournalIndex(signal?: AbortSignal): Promise<JournalIndex> {
  const response = await apiClient.get<{ data: JournalIndex }>('/journal', { signal });
  return response.data.data;
}

export function useJournalIndex() {
  return useQuery({ queryKey: ['journal', 'index'], queryFn: ({ signal }) => getJournalIndex(signal) });
}

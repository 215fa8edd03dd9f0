import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/requests';
import type { GroupDetail } from '../domain/contracts/people';
import { queryKeys } from './query-keys';

/** GET /api/group/{id}: `data` is the class with its manager and students (SPEC §7, §8). */
export async function getGroup(id: number, signal?: AbortSignal): Promise<GroupDetail> {
  return apiGet<GroupDetail>(`/group/${id}`, { signal });
}

/** One class with its students: the class card, and the pupils picker of a course (remote-journal). */
export function useGroup(id: number | null) {
  return useQuery({
    queryKey: queryKeys.groups.detail(id ?? 0),
    queryFn: ({ signal }) => getGroup(id!, signal),
    enabled: id !== null && Number.isFinite(id),
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/requests';
import type { GroupSubgroups } from '../domain/contracts/people';
import { queryKeys } from './query-keys';

/**
 * GET /api/group/{id}/subgroups: the class, its students and subjects, and its splits per subject.
 * The one fetcher of `queryKeys.groups.subgroups`: the split editor and the load's subgroup picker
 * read the same answer from the one cache.
 */
export async function getSubgroups(groupId: number, signal?: AbortSignal): Promise<GroupSubgroups> {
  return apiGet<GroupSubgroups>(`/group/${groupId}/subgroups`, { signal });
}

/** The splits of a class; waits until a class is chosen. */
export function useSubgroups(groupId: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.groups.subgroups(groupId ?? 0),
    queryFn: ({ signal }) => getSubgroups(groupId as number, signal),
    enabled: groupId !== undefined && groupId !== null,
  });
}

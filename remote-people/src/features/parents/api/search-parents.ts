import { apiGet, queryKeys } from '@parta/shared';
import type { ParentOption } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/students/parents?search=: parents already in the school (a sibling's), up to 20. */
export async function searchParents(search: string, signal?: AbortSignal): Promise<ParentOption[]> {
  return apiGet<ParentOption[]>('/students/parents', {
    params: { search },
    signal,
  });
}

/** Parents matching the search; asks nothing until two characters are typed. */
export function useParentSearch(search: string) {
  return useQuery({
    queryKey: queryKeys.students.parentSearch(search),
    queryFn: ({ signal }) => searchParents(search, signal),
    enabled: search.length >= 2,
  });
}

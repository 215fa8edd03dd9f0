import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/requests';
import type { GroupList } from '../domain/contracts/people';
import { queryKeys } from './query-keys';

/** GET /api/group (optional organization_id): `data` holds classes, teachers and periods (SPEC §7, §8). */
export async function getGroups(organizationId?: number, signal?: AbortSignal): Promise<GroupList> {
  return apiGet<GroupList>('/group', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
}

/** Every class of the caller's tree (or of one organization): filters, forms and lists share it. */
export function useGroups(organizationId?: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.groups.list(organizationId),
    queryFn: ({ signal }) => getGroups(organizationId, signal),
    enabled,
  });
}

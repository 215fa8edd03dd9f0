import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/requests';
import type { OrganizationOption } from '../domain/contracts/organizations';
import { queryKeys } from './query-keys';

/** GET /api/organizations/my-and-children: `data` is the user's organization and its children (SPEC §6, §7). */
export async function getOrganizationOptions(signal?: AbortSignal): Promise<OrganizationOption[]> {
  return apiGet<OrganizationOption[]>('/organizations/my-and-children', {
    signal,
  });
}

/** The caller's organization tree; it changes rarely, so it is kept for five minutes. */
export function useOrganizationOptions() {
  return useQuery({
    queryKey: queryKeys.organizations.options,
    queryFn: ({ signal }) => getOrganizationOptions(signal),
    staleTime: 5 * 60_000,
  });
}

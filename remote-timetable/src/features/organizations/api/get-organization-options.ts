import { apiClient } from '@parta/shared';
import type { OrganizationOption } from '@parta/shared/domain/contracts/organizations';
import { useQuery } from '@tanstack/react-query';

/** GET /api/organizations/my-and-children: the caller's organization and its children (SPEC §7). */
export async function getOrganizationOptions(signal?: AbortSignal): Promise<OrganizationOption[]> {
  const response = await apiClient.get<{ data: OrganizationOption[] }>('/organizations/my-and-children', {
    signal,
  });
  return response.data.data;
}

/** The same query (and key) remote-people uses, so the tree is fetched once per session. */
export function useOrganizationOptions() {
  return useQuery({
    queryKey: ['organizations', 'my-and-children'],
    queryFn: ({ signal }) => getOrganizationOptions(signal),
    staleTime: 5 * 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';
import type { OrganizationOption } from '../domain/contracts/organizations';

/** GET /api/organizations/my-and-children: `data` is the user's organization and its children (SPEC §6, §7). */
export async function getOrganizationOptions(signal?: AbortSignal): Promise<OrganizationOption[]> {
  const response = await apiClient.get<{ data: OrganizationOption[] }>('/organizations/my-and-children', {
    signal,
  });
  return response.data.data;
}

/** The caller's organization tree; it changes rarely, so it is kept for five minutes. */
export function useOrganizationOptions() {
  return useQuery({
    queryKey: ['organizations', 'my-and-children'],
    queryFn: ({ signal }) => getOrganizationOptions(signal),
    staleTime: 5 * 60_000,
  });
}

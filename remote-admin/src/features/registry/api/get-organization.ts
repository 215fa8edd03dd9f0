import { apiClient } from '@parta/shared';
import type { RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { useQuery } from '@tanstack/react-query';

/** The cache key of one organization's card; writes that answer the organization put it here. */
export const organizationKey = (id: number) => ['organizations', 'detail', id] as const;

/** `GET /api/organizations/{id}`: the card with requisites, director and balances. */
export async function getOrganization(id: number, signal?: AbortSignal): Promise<RegistryOrganization> {
  const response = await apiClient.get<{ data: RegistryOrganization }>(`/organizations/${id}`, { signal });
  return response.data.data;
}

export function useOrganization(id: number) {
  return useQuery({
    queryKey: organizationKey(id),
    queryFn: ({ signal }) => getOrganization(id, signal),
    enabled: Number.isFinite(id),
  });
}

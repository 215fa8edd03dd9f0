import { apiGet, queryKeys } from '@parta/shared';
import type { RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { useQuery } from '@tanstack/react-query';

/** `GET /api/organizations/{id}`: the card with requisites, director and balances. */
export async function getOrganization(id: number, signal?: AbortSignal): Promise<RegistryOrganization> {
  return apiGet<RegistryOrganization>(`/organizations/${id}`, { signal });
}

export function useOrganization(id: number) {
  return useQuery({
    queryKey: queryKeys.organizations.detail(id),
    queryFn: ({ signal }) => getOrganization(id, signal),
    enabled: Number.isFinite(id),
  });
}

import { apiClient, useRequest } from '@parta/shared';
import type { RegistryOrganization } from '@parta/shared/domain/contracts/registry';

/** `GET /api/organizations/{id}`: the card with requisites, director and balances. */
export async function getOrganization(id: number): Promise<RegistryOrganization> {
  const response = await apiClient.get<{ data: RegistryOrganization }>(`/organizations/${id}`);
  return response.data.data;
}

export function useOrganization(id: number) {
  return useRequest(() => getOrganization(id), [id], Number.isFinite(id));
}

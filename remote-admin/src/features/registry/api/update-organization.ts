import { apiClient } from '@parta/shared';
import type { OrganizationUpdate, RegistryOrganization } from '@parta/shared/domain/contracts/registry';

/** `PUT /api/organizations/{id}`: the requisites. */
export async function updateOrganization(
  id: number,
  body: OrganizationUpdate,
): Promise<RegistryOrganization> {
  const response = await apiClient.put<{ data: RegistryOrganization }>(`/organizations/${id}`, body);
  return response.data.data;
}

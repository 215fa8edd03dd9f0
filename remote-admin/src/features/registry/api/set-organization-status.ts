import { apiClient } from '@parta/shared';
import type { OrganizationStatus, RegistryOrganization } from '@parta/shared/domain/contracts/registry';

/** `PUT /api/organizations/{id}/status`: block or unblock. */
export async function setOrganizationStatus(
  id: number,
  status: OrganizationStatus,
): Promise<RegistryOrganization> {
  const response = await apiClient.put<{ data: RegistryOrganization }>(`/organizations/${id}/status`, {
    status,
  });
  return response.data.data;
}

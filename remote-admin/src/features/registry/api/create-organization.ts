import { apiClient } from '@parta/shared';
import type { OrganizationCreate, RegistryOrganization } from '@parta/shared/domain/contracts/registry';

/** `POST /api/organizations`: a top-level organization, or a child of `parent_id`. */
export async function createOrganization(body: OrganizationCreate): Promise<RegistryOrganization> {
  const response = await apiClient.post<{ data: RegistryOrganization }>('/organizations', body);
  return response.data.data;
}

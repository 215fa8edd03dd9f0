import { apiClient, useRequest } from '@parta/shared';
import type { OrganizationOption } from '@parta/shared/domain/contracts/organizations';

/** GET /api/organizations/my-and-children: the caller's organization and its children (SPEC §7). */
export async function getOrganizationOptions(): Promise<OrganizationOption[]> {
  const response = await apiClient.get<{ data: OrganizationOption[] }>('/organizations/my-and-children');
  return response.data.data ?? [];
}

export function useOrganizationOptions() {
  return useRequest(getOrganizationOptions, []);
}

import { apiClient, compactParams, useRequest } from '@parta/shared';
import type { RegistryListQuery, RegistryListResponse } from '@parta/shared/domain/contracts/registry';

/** `GET /api/organizations`: the top of the tree, the children of `parent_id`, or matches of the filters. */
export async function getOrganizations(query: RegistryListQuery): Promise<RegistryListResponse> {
  const response = await apiClient.get<RegistryListResponse>('/organizations', {
    params: compactParams(query),
  });
  return response.data;
}

export function useOrganizations(query: RegistryListQuery, enabled = true) {
  return useRequest(
    () => getOrganizations(query),
    [
      query.page,
      query.per_page,
      query.search,
      query.parent_id,
      query.region,
      query.type_id,
      query.status,
      query.negative_balance,
    ],
    enabled,
  );
}

import { apiClient, compactParams, queryKeys } from '@parta/shared';
import type { RegistryListQuery, RegistryListResponse } from '@parta/shared/domain/contracts/registry';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** `GET /api/organizations`: the top of the tree, the children of `parent_id`, or matches of the filters. */
export async function getOrganizations(
  query: RegistryListQuery,
  signal?: AbortSignal,
): Promise<RegistryListResponse> {
  const response = await apiClient.get<RegistryListResponse>('/organizations', {
    params: compactParams(query),
    signal,
  });
  return response.data;
}

/** One page of the registry (or one organization's children); the old page stays while the next loads. */
export function useOrganizations(query: RegistryListQuery) {
  const params = compactParams(query);
  return useQuery({
    queryKey: queryKeys.organizations.list(params),
    queryFn: ({ signal }) => getOrganizations(params, signal),
    placeholderData: keepPreviousData,
  });
}

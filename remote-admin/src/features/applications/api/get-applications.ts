import { apiClient, compactParams, queryKeys } from '@parta/shared';
import type {
  ApplicationListQuery,
  ApplicationListResponse,
} from '@parta/shared/domain/contracts/applications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** `GET /api/applications`: newest first, filtered by status and search. */
export async function getApplications(
  query: ApplicationListQuery,
  signal?: AbortSignal,
): Promise<ApplicationListResponse> {
  const response = await apiClient.get<ApplicationListResponse>('/applications', {
    params: compactParams(query),
    signal,
  });
  return response.data;
}

export function useApplications(query: ApplicationListQuery) {
  const params = compactParams(query);
  return useQuery({
    queryKey: queryKeys.applications.list(params),
    queryFn: ({ signal }) => getApplications(params, signal),
    placeholderData: keepPreviousData,
  });
}

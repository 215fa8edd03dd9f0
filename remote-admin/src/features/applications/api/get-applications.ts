import { apiClient, compactParams, useRequest } from '@parta/shared';
import type {
  ApplicationListQuery,
  ApplicationListResponse,
} from '@parta/shared/domain/contracts/applications';

/** `GET /api/applications`: newest first, filtered by status and search. */
export async function getApplications(query: ApplicationListQuery): Promise<ApplicationListResponse> {
  const response = await apiClient.get<ApplicationListResponse>('/applications', {
    params: compactParams(query),
  });
  return response.data;
}

export function useApplications(query: ApplicationListQuery) {
  return useRequest(() => getApplications(query), [query.page, query.per_page, query.search, query.status]);
}

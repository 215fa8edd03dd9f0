import { apiClient } from '@parta/shared';
import type { Application } from '@parta/shared/domain/contracts/applications';
import { type QueryClient, useQuery } from '@tanstack/react-query';

/** The cache key of one application's card. */
export const applicationKey = (id: number) => ['applications', 'detail', id] as const;

/** `GET /api/applications/{id}`: the full card. */
export async function getApplication(id: number, signal?: AbortSignal): Promise<Application> {
  const response = await apiClient.get<{ data: Application }>(`/applications/${id}`, { signal });
  return response.data.data;
}

export function useApplication(id: number) {
  return useQuery({
    queryKey: applicationKey(id),
    queryFn: ({ signal }) => getApplication(id, signal),
    enabled: Number.isFinite(id),
  });
}

/** After a take, approval or rejection: the card takes the answer, the lists refetch. */
export function applicationChanged(queryClient: QueryClient, application: Application) {
  queryClient.setQueryData(applicationKey(application.id), application);
  return queryClient.invalidateQueries({ queryKey: ['applications', 'list'] });
}

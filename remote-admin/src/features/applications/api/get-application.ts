import { apiGet, queryKeys } from '@parta/shared';
import type { Application } from '@parta/shared/domain/contracts/applications';
import { type QueryClient, useQuery } from '@tanstack/react-query';

/** `GET /api/applications/{id}`: the full card. */
export async function getApplication(id: number, signal?: AbortSignal): Promise<Application> {
  return apiGet<Application>(`/applications/${id}`, { signal });
}

export function useApplication(id: number) {
  return useQuery({
    queryKey: queryKeys.applications.detail(id),
    queryFn: ({ signal }) => getApplication(id, signal),
    enabled: Number.isFinite(id),
  });
}

/** After a take, approval or rejection: the card takes the answer, the lists refetch. */
export function applicationChanged(queryClient: QueryClient, application: Application) {
  queryClient.setQueryData(queryKeys.applications.detail(application.id), application);
  return queryClient.invalidateQueries({ queryKey: queryKeys.applications.lists });
}

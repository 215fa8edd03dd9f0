import { apiClient, useRequest } from '@parta/shared';
import type { Application } from '@parta/shared/domain/contracts/applications';

/** `GET /api/applications/{id}`: the full card. */
export async function getApplication(id: number): Promise<Application> {
  const response = await apiClient.get<{ data: Application }>(`/applications/${id}`);
  return response.data.data;
}

export function useApplication(id: number) {
  return useRequest(() => getApplication(id), [id], Number.isFinite(id));
}

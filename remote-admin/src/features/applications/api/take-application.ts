import { apiClient } from '@parta/shared';
import type { Application } from '@parta/shared/domain/contracts/applications';

/** `POST /api/applications/{id}/take`: a new application goes into work. */
export async function takeApplication(id: number): Promise<Application> {
  const response = await apiClient.post<{ data: Application }>(`/applications/${id}/take`);
  return response.data.data;
}

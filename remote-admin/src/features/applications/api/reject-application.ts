import { apiClient } from '@parta/shared';
import type { Application, ApplicationReject } from '@parta/shared/domain/contracts/applications';

/** `POST /api/applications/{id}/reject` with the reason. */
export async function rejectApplication(id: number, body: ApplicationReject): Promise<Application> {
  const response = await apiClient.post<{ data: Application }>(`/applications/${id}/reject`, body);
  return response.data.data;
}

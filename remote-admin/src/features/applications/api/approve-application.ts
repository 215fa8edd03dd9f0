import { apiClient } from '@parta/shared';
import type { ApplicationApprove, ApplicationApproved } from '@parta/shared/domain/contracts/applications';

/** `POST /api/applications/{id}/approve`: the organization and its director; the password is shown once. */
export async function approveApplication(id: number, body: ApplicationApprove): Promise<ApplicationApproved> {
  const response = await apiClient.post<ApplicationApproved>(`/applications/${id}/approve`, body);
  return response.data;
}

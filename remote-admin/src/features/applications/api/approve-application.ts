import { apiClient, queryKeys } from '@parta/shared';
import type { ApplicationApprove, ApplicationApproved } from '@parta/shared/domain/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationChanged } from './get-application';

/** `POST /api/applications/{id}/approve`: the organization and its director; the password is shown once. */
export async function approveApplication(id: number, body: ApplicationApprove): Promise<ApplicationApproved> {
  const response = await apiClient.post<ApplicationApproved>(`/applications/${id}/approve`, body);
  return response.data;
}

/** Approves; the application's card and lists refresh, and so does the registry (a new organization). */
export function useApproveApplication(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationApprove) => approveApplication(id, body),
    onSuccess: (approved) =>
      Promise.all([
        applicationChanged(queryClient, approved.data),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all }),
      ]),
  });
}

import { apiPost } from '@parta/shared';
import type { Application, ApplicationReject } from '@parta/shared/domain/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationChanged } from './get-application';

/** `POST /api/applications/{id}/reject` with the reason. */
export async function rejectApplication(id: number, body: ApplicationReject): Promise<Application> {
  return apiPost<Application>(`/applications/${id}/reject`, body);
}

export function useRejectApplication(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationReject) => rejectApplication(id, body),
    onSuccess: (application) => applicationChanged(queryClient, application),
  });
}

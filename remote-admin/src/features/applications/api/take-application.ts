import { apiPost } from '@parta/shared';
import type { Application } from '@parta/shared/domain/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationChanged } from './get-application';

/** `POST /api/applications/{id}/take`: a new application goes into work. */
export async function takeApplication(id: number): Promise<Application> {
  return apiPost<Application>(`/applications/${id}/take`);
}

export function useTakeApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeApplication,
    onSuccess: (application) => applicationChanged(queryClient, application),
  });
}

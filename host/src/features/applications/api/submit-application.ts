import { apiClient } from '@parta/shared';
import type {
  ApplicationCreate,
  applicationCreatedSchema,
} from '@parta/shared/domain/contracts/applications';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export type ApplicationCreated = z.infer<typeof applicationCreatedSchema>;

/** `POST /api/applications` (no token): answers the application's number and a confirmation. */
export async function submitApplication(body: ApplicationCreate): Promise<ApplicationCreated> {
  const response = await apiClient.post<ApplicationCreated>('/applications', body);
  return response.data;
}

/** Sends the landing page's application; nothing cached changes (visitors have no lists). */
export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}

import { apiClient } from '@parta/shared';
import type { ChangePasswordBody, MessageAnswer } from '@parta/shared/domain/contracts/auth';
import { useMutation } from '@tanstack/react-query';

/** `POST /api/auth/password` → `{ message }`; the caller's other sessions are signed out. */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const response = await apiClient.post<MessageAnswer>('/auth/password', body);
  return response.data.message;
}

/** Changes the caller's own password; nothing cached depends on it. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

import { apiClient } from '@parta/shared';
import type { ResetPasswordResult } from '@parta/shared/domain/contracts/users';
import { useMutation } from '@tanstack/react-query';

/** POST /api/users/{id}/reset-password, no payload: `data.password` is the new password, shown once. */
export async function resetPassword(id: number): Promise<ResetPasswordResult> {
  const response = await apiClient.post<ResetPasswordResult>(`/users/${id}/reset-password`);
  return response.data;
}

/** Resets a user's password; nothing cached changes (the password is never listed). */
export function useResetPassword(id: number) {
  return useMutation({ mutationFn: () => resetPassword(id) });
}

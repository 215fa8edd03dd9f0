import { apiClient } from '@parta/shared';

/** What the server answers: the new password, shown to the user once. */
export interface ResetPasswordResult {
  data?: { password?: string };
  password?: string;
}

/**
 * POST /api/users/{id}/reset-password, no payload: the body is kept as the result and returned.
 * A failure is only logged and re-thrown, with no message to the user (SPEC §8).
 */
export async function resetPassword(id: number): Promise<ResetPasswordResult> {
  try {
    const response = await apiClient.post<ResetPasswordResult>(`/users/${id}/reset-password`);
    return response.data;
  } catch (error) {
    console.error('Ошибка сброса пароля:', error);
    throw error;
  }
}

/** The password out of the answer, whichever envelope the server used. */
export function newPasswordOf(result: ResetPasswordResult | null): string | null {
  return result?.data?.password ?? result?.password ?? null;
}

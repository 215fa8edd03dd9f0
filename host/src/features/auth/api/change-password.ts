import { apiClient } from '@parta/shared';
import type { ChangePasswordBody } from '@parta/shared/domain/contracts/auth';

/** `POST /api/auth/password` → `{ message }`; the caller's other sessions are signed out. */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  const response = await apiClient.post<{ message: string }>('/auth/password', body);
  return response.data.message;
}

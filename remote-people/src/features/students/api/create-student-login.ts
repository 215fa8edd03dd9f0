import { apiClient } from '@parta/shared';
import type { StudentLoginInput, StudentLoginResult } from '@parta/shared/domain/contracts/people';

/** POST /api/students/{id}/login: a diary sign-in for the student; the password is answered once. */
export async function createStudentLogin(
  id: number,
  input: StudentLoginInput = {},
): Promise<StudentLoginResult> {
  const response = await apiClient.post<{ data: StudentLoginResult }>(`/students/${id}/login`, input);
  return response.data.data;
}

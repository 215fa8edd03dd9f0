import { apiClient } from '@parta/shared';
import type { StudentLoginInput, StudentLoginResult } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentKey } from './get-student';

/** POST /api/students/{id}/login: a diary sign-in for the student; the password is answered once. */
export async function createStudentLogin(
  id: number,
  input: StudentLoginInput = {},
): Promise<StudentLoginResult> {
  const response = await apiClient.post<{ data: StudentLoginResult }>(`/students/${id}/login`, input);
  return response.data.data;
}

/** Creates the diary login; the card refetches to show it. */
export function useCreateStudentLogin(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentLoginInput = {}) => createStudentLogin(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKey(id) }),
  });
}

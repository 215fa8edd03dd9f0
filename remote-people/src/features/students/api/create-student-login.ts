import { apiPost, queryKeys } from '@parta/shared';

import type { StudentLoginInput, StudentLoginResult } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/students/{id}/login: a diary sign-in for the student; the password is answered once. */
export async function createStudentLogin(
  id: number,
  input: StudentLoginInput = {},
): Promise<StudentLoginResult> {
  return apiPost<StudentLoginResult>(`/students/${id}/login`, input);
}

/** Creates the diary login; the card refetches to show it. */
export function useCreateStudentLogin(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentLoginInput = {}) => createStudentLogin(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.students.detail(id) }),
  });
}

import { apiClient, queryKeys } from '@parta/shared';

import type { ParentCreated, ParentInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/students/{id}/parents: a new parent; the login and password are answered once. */
export async function createParent(studentId: number, input: ParentInput): Promise<ParentCreated> {
  const response = await apiClient.post<ParentCreated>(`/students/${studentId}/parents`, input);
  return response.data;
}

/** Adds a new parent to the student; the card refetches. */
export function useCreateParent(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ParentInput) => createParent(studentId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.students.detail(studentId) }),
  });
}

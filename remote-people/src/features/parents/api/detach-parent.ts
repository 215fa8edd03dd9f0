import { apiClient, queryKeys } from '@parta/shared';

import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/students/{id}/parents/{userId}. */
export async function detachParent(studentId: number, userId: number): Promise<void> {
  await apiClient.delete(`/students/${studentId}/parents/${userId}`);
}

/** Unlinks a parent; the card and the parent search refetch. */
export function useDetachParent(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => detachParent(studentId, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students.detail(studentId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students.parents }),
      ]),
  });
}

import { apiPut, queryKeys } from '@parta/shared';

import type { StudentParent } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/students/{id}/parents/{userId}: links a parent the school already has. */
export async function attachParent(studentId: number, userId: number): Promise<StudentParent> {
  return apiPut<StudentParent>(`/students/${studentId}/parents/${userId}`);
}

/** Links a sibling's parent; the card and the parent search (children listed there) refetch. */
export function useAttachParent(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => attachParent(studentId, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students.detail(studentId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students.parents }),
      ]),
  });
}

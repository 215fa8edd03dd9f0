import { apiClient } from '@parta/shared';
import type { StudentParent } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentKey } from '../../students/api/get-student';

/** PUT /api/students/{id}/parents/{userId}: links a parent the school already has. */
export async function attachParent(studentId: number, userId: number): Promise<StudentParent> {
  const response = await apiClient.put<{ data: StudentParent }>(`/students/${studentId}/parents/${userId}`);
  return response.data.data;
}

/** Links a sibling's parent; the card and the parent search (children listed there) refetch. */
export function useAttachParent(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => attachParent(studentId, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studentKey(studentId) }),
        queryClient.invalidateQueries({ queryKey: ['students', 'parents'] }),
      ]),
  });
}

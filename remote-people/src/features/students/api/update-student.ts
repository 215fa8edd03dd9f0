import { apiPut, queryKeys } from '@parta/shared';

import type { Student, StudentInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/students/{id}: edit, move to another class (group_id) or mark as left (status). */
export async function updateStudent(id: number, input: StudentInput): Promise<Student> {
  return apiPut<Student>(`/students/${id}`, input);
}

/** Saves the card: it shows the answer at once; lists and classes (a move changes counts) refetch. */
export function useUpdateStudent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentInput) => updateStudent(id, input),
    onSuccess: (student) => {
      queryClient.setQueryData(queryKeys.students.detail(id), student);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
      ]);
    },
  });
}

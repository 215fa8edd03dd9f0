import { apiClient } from '@parta/shared';
import type { Student, StudentInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentKey } from './get-student';

/** PUT /api/students/{id}: edit, move to another class (group_id) or mark as left (status). */
export async function updateStudent(id: number, input: StudentInput): Promise<Student> {
  const response = await apiClient.put<{ data: Student }>(`/students/${id}`, input);
  return response.data.data;
}

/** Saves the card: it shows the answer at once; lists and classes (a move changes counts) refetch. */
export function useUpdateStudent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StudentInput) => updateStudent(id, input),
    onSuccess: (student) => {
      queryClient.setQueryData(studentKey(id), student);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['students', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['groups'] }),
      ]);
    },
  });
}

import { apiClient } from '@parta/shared';
import type { Student, StudentInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/students. */
export async function createStudent(input: StudentInput): Promise<Student> {
  const response = await apiClient.post<{ data: Student }>('/students', input);
  return response.data.data;
}

/** Adds a student: the student lists and the classes' counts refetch. */
export function useCreateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudent,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['students', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['groups'] }),
      ]),
  });
}

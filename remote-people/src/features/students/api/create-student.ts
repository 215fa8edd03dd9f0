import { apiPost, queryKeys } from '@parta/shared';
import type { Student, StudentInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/students. */
export async function createStudent(input: StudentInput): Promise<Student> {
  return apiPost<Student>('/students', input);
}

/** Adds a student: the student lists and the classes' counts refetch. */
export function useCreateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudent,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
      ]),
  });
}

import { apiClient } from '@parta/shared';
import type { Student, StudentInput } from '@parta/shared/domain/contracts/people';

/** POST /api/students. */
export async function createStudent(input: StudentInput): Promise<Student> {
  const response = await apiClient.post<{ data: Student }>('/students', input);
  return response.data.data;
}

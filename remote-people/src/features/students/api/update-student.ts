import { apiClient } from '@parta/shared';
import type { Student, StudentInput } from '@parta/shared/domain/contracts/people';

/** PUT /api/students/{id}: edit, move to another class (group_id) or mark as left (status). */
export async function updateStudent(id: number, input: StudentInput): Promise<Student> {
  const response = await apiClient.put<{ data: Student }>(`/students/${id}`, input);
  return response.data.data;
}

import { apiClient, useRequest } from '@parta/shared';
import type { Student } from '@parta/shared/domain/contracts/people';

/** GET /api/students/{id}: `data.data` is the student (SPEC §7). */
export async function getStudent(id: number): Promise<Student> {
  const response = await apiClient.get<{ data: Student }>(`/students/${id}`);
  return response.data.data;
}

export function useStudent(id: number) {
  return useRequest(() => getStudent(id), [id], Number.isFinite(id));
}

import { apiClient } from '@parta/shared';
import type { Student } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/students/{id}: `data` is the card with class, parents and the diary login (SPEC §7). */
export async function getStudent(id: number, signal?: AbortSignal): Promise<Student> {
  const response = await apiClient.get<{ data: Student }>(`/students/${id}`, { signal });
  return response.data.data;
}

/** Query key of a student's card; the parents and login writes refresh it. */
export const studentKey = (id: number) => ['students', 'detail', id] as const;

export function useStudent(id: number) {
  return useQuery({
    queryKey: studentKey(id),
    queryFn: ({ signal }) => getStudent(id, signal),
    enabled: Number.isFinite(id),
  });
}

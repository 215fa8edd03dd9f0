import { apiGet, queryKeys } from '@parta/shared';
import type { Student } from '@parta/shared/domain/contracts/people';
import { useQuery } from '@tanstack/react-query';

/** GET /api/students/{id}: `data` is the card with class, parents and the diary login (SPEC §7). */
export async function getStudent(id: number, signal?: AbortSignal): Promise<Student> {
  return apiGet<Student>(`/students/${id}`, { signal });
}

export function useStudent(id: number) {
  return useQuery({
    queryKey: queryKeys.students.detail(id),
    queryFn: ({ signal }) => getStudent(id, signal),
    enabled: Number.isFinite(id),
  });
}

import { apiClient, compactParams, queryKeys } from '@parta/shared';
import type { StudentList, StudentListQuery } from '@parta/shared/domain/contracts/people';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** GET /api/students: one page filtered by the server (class, search, status). */
export async function getStudents(query: StudentListQuery, signal?: AbortSignal): Promise<StudentList> {
  const response = await apiClient.get<StudentList>('/students', { params: compactParams(query), signal });
  return response.data;
}

/**
 * One page of students. The key is the request itself, so a changed filter is a new query; the
 * previous page stays on screen while it loads, and a superseded request is aborted.
 */
export function useStudents(query: StudentListQuery) {
  const params = compactParams(query);
  return useQuery({
    queryKey: queryKeys.students.list(params),
    queryFn: ({ signal }) => getStudents(params, signal),
    placeholderData: keepPreviousData,
  });
}

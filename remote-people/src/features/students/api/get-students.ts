import { apiClient, compactParams, useRequest } from '@parta/shared';
import type { StudentList, StudentListQuery } from '@parta/shared/domain/contracts/people';

/** GET /api/students: one page filtered by the server (class, search, status). */
export async function getStudents(query: StudentListQuery): Promise<StudentList> {
  const response = await apiClient.get<StudentList>('/students', { params: compactParams(query) });
  return response.data;
}

export function useStudents(query: StudentListQuery) {
  return useRequest(
    () => getStudents(query),
    [query.page, query.per_page, query.search, query.group_id, query.status, query.organization_id],
  );
}

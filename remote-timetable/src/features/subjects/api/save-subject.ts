import { apiClient } from '@parta/shared';
import type { Subject, SubjectInput } from '@parta/shared/domain/contracts/timetable';

/** POST /api/subject, or PUT /api/subject/{id} when editing. */
export async function saveSubject(input: SubjectInput, id?: number): Promise<Subject> {
  const response = id
    ? await apiClient.put<{ data: Subject }>(`/subject/${id}`, input)
    : await apiClient.post<{ data: Subject }>('/subject', input);
  return response.data.data;
}

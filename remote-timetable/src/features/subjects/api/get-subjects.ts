import { apiClient, useRequest } from '@parta/shared';
import type { Subject } from '@parta/shared/domain/contracts/timetable';

/** GET /api/subject: the body is the list (SPEC §7). */
export async function getSubjects(): Promise<Subject[]> {
  const response = await apiClient.get<Subject[]>('/subject');
  return response.data;
}

export function useSubjects() {
  return useRequest(getSubjects, []);
}

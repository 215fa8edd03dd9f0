import { apiClient, useRequest } from '@parta/shared';
import type { TimetableTemplate } from '@parta/shared/domain/contracts/timetable';

/** GET /api/timetable: the body is the templates list (SPEC §7). */
export async function getTemplates(): Promise<TimetableTemplate[]> {
  const response = await apiClient.get<TimetableTemplate[]>('/timetable');
  return response.data;
}

export function useTemplates() {
  return useRequest(getTemplates, []);
}

import { apiClient } from '@parta/shared';
import type { TemplateInput, TimetableTemplate } from '@parta/shared/domain/contracts/timetable';

/** POST /api/timetable. */
export async function createTemplate(input: TemplateInput): Promise<TimetableTemplate> {
  const response = await apiClient.post<{ data: TimetableTemplate }>('/timetable', input);
  return response.data.data;
}

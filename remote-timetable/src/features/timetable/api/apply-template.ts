import { apiClient } from '@parta/shared';
import type { ApplyInput, ApplyResult } from '@parta/shared/domain/contracts/timetable';

/** POST /api/timetable/templates/{id}/apply: dated lessons for a period. */
export async function applyTemplate(templateId: number, input: ApplyInput): Promise<ApplyResult> {
  const response = await apiClient.post<{ data: ApplyResult }>(
    `/timetable/templates/${templateId}/apply`,
    input,
  );
  return response.data.data;
}

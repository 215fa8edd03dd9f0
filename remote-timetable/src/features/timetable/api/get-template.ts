import { apiClient, useRequest } from '@parta/shared';
import type { TimetableTemplateDetail } from '@parta/shared/domain/contracts/timetable';

/** GET /api/timetable/templates/{id}: the template with its week grid. */
export async function getTemplate(id: number): Promise<TimetableTemplateDetail> {
  const response = await apiClient.get<{ data: TimetableTemplateDetail }>(`/timetable/templates/${id}`);
  return response.data.data;
}

export function useTemplate(id: number | null) {
  return useRequest(() => getTemplate(id!), [id], id !== null);
}

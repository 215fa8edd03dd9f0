import { apiClient } from '@parta/shared';
import type { TimetableTemplateDetail } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

export const templateKey = (id: number | null) => ['timetable', 'template', id] as const;

/** GET /api/timetable/templates/{id}: the template with its week grid. */
export async function getTemplate(id: number, signal?: AbortSignal): Promise<TimetableTemplateDetail> {
  const response = await apiClient.get<{ data: TimetableTemplateDetail }>(`/timetable/templates/${id}`, {
    signal,
  });
  return response.data.data;
}

export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: templateKey(id),
    queryFn: ({ signal }) => getTemplate(id!, signal),
    enabled: id !== null,
  });
}

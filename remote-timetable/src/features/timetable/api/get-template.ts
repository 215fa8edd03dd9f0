import { apiGet, queryKeys } from '@parta/shared';
import type { TimetableTemplateDetail } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/timetable/templates/{id}: the template with its week grid. */
export async function getTemplate(id: number, signal?: AbortSignal): Promise<TimetableTemplateDetail> {
  return apiGet<TimetableTemplateDetail>(`/timetable/templates/${id}`, {
    signal,
  });
}

export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: queryKeys.timetable.template(id),
    queryFn: ({ signal }) => getTemplate(id!, signal),
    enabled: id !== null,
  });
}

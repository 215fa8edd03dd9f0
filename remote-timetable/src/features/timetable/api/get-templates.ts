import { apiClient, queryKeys } from '@parta/shared';
import type { TimetableTemplate } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/timetable: the body is the templates list (SPEC §7). */
export async function getTemplates(
  organizationId?: number,
  signal?: AbortSignal,
): Promise<TimetableTemplate[]> {
  const response = await apiClient.get<TimetableTemplate[]>('/timetable', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
  return response.data;
}

/** Templates of one organization (waits until it is known). */
export function useTemplates(organizationId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.timetable.templateList(organizationId),
    queryFn: ({ signal }) => getTemplates(organizationId, signal),
    enabled: organizationId !== undefined,
  });
}

import { apiClient, useRequest } from '@parta/shared';
import type { TimetableTemplate } from '@parta/shared/domain/contracts/timetable';

/** GET /api/timetable: the body is the templates list (SPEC §7). */
export async function getTemplates(organizationId?: number): Promise<TimetableTemplate[]> {
  const response = await apiClient.get<TimetableTemplate[]>('/timetable', {
    params: organizationId ? { organization_id: organizationId } : {},
  });
  return response.data;
}

export function useTemplates(organizationId?: number) {
  return useRequest(() => getTemplates(organizationId), [organizationId], organizationId !== undefined);
}

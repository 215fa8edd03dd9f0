import { apiClient, useRequest } from '@parta/shared';
import type { Subject } from '@parta/shared/domain/contracts/timetable';

/** GET /api/subject: the body is the list (SPEC §7). */
export async function getSubjects(organizationId?: number): Promise<Subject[]> {
  const response = await apiClient.get<Subject[]>('/subject', {
    params: organizationId ? { organization_id: organizationId } : {},
  });
  return response.data;
}

export function useSubjects(organizationId?: number) {
  return useRequest(() => getSubjects(organizationId), [organizationId], organizationId !== undefined);
}

import { apiClient, useRequest } from '@parta/shared';
import type { GroupList } from '@parta/shared/domain/contracts/people';

/** GET /api/group: the classes and teachers the timetable screens pick from (of one organization when given). */
export async function getClassOptions(
  organizationId?: number,
): Promise<Pick<GroupList, 'groups' | 'teachers'>> {
  const response = await apiClient.get<{ data: GroupList }>('/group', {
    params: organizationId ? { organization_id: organizationId } : {},
  });
  return { groups: response.data.data.groups ?? [], teachers: response.data.data.teachers ?? [] };
}

export function useClassOptions(organizationId?: number) {
  return useRequest(() => getClassOptions(organizationId), [organizationId]);
}

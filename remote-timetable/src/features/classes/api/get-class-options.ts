import { apiClient, useRequest } from '@parta/shared';
import type { GroupList } from '@parta/shared/domain/contracts/people';

/** GET /api/group: the classes and teachers the timetable screens pick from. */
export async function getClassOptions(): Promise<Pick<GroupList, 'groups' | 'teachers'>> {
  const response = await apiClient.get<{ data: GroupList }>('/group');
  return { groups: response.data.data.groups ?? [], teachers: response.data.data.teachers ?? [] };
}

export function useClassOptions() {
  return useRequest(getClassOptions, []);
}

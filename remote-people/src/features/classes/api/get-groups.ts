import { apiClient, useRequest } from '@parta/shared';
import type { GroupList } from '@parta/shared/domain/contracts/people';

const PARTS: Record<keyof GroupList, string> = {
  groups: 'Классы не найдены в ответе API',
  teachers: 'Учителя не найдены в ответе API',
  periods: 'Периоды не найдены в ответе API',
};

/**
 * GET /api/group (optional organization_id): classes, teachers and periods. A missing part is logged
 * in Russian and read as empty; a failure is logged with no message to the user (SPEC §8).
 */
export async function getGroups(organizationId?: number): Promise<GroupList> {
  try {
    const response = await apiClient.get<{ data?: Partial<GroupList> }>('/group', {
      params: organizationId ? { organization_id: organizationId } : {},
    });
    const body = response.data.data ?? {};
    for (const key of Object.keys(PARTS) as (keyof GroupList)[]) {
      if (!Array.isArray(body[key])) console.error(PARTS[key]);
    }
    return { groups: body.groups ?? [], teachers: body.teachers ?? [], periods: body.periods ?? [] };
  } catch (error) {
    console.error('Ошибка загрузки классов:', error);
    throw error;
  }
}

export function useGroups(organizationId?: number) {
  return useRequest(() => getGroups(organizationId), [organizationId]);
}

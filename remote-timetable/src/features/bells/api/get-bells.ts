import { apiClient, useRequest } from '@parta/shared';
import type { BellSchedule } from '@parta/shared/domain/contracts/timetable';

/** GET /api/bell: `data.data` is the bells (SPEC §7). */
export async function getBells(organizationId?: number): Promise<BellSchedule[]> {
  const response = await apiClient.get<{ data: { data: BellSchedule[] } }>('/bell', {
    params: organizationId ? { organization_id: organizationId } : {},
  });
  return response.data.data.data;
}

export function useBells(organizationId?: number) {
  return useRequest(() => getBells(organizationId), [organizationId], organizationId !== undefined);
}

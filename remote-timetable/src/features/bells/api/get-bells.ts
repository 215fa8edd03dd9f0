import { apiGet, queryKeys } from '@parta/shared';
import type { BellSchedule } from '@parta/shared/domain/contracts/timetable';
import { useQuery } from '@tanstack/react-query';

/** GET /api/bell: the body's `data` is the bells (SPEC §7 "data.data", data being the axios answer). */
export async function getBells(organizationId?: number, signal?: AbortSignal): Promise<BellSchedule[]> {
  return apiGet<BellSchedule[]>('/bell', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
}

/** Bell schedules of one organization (waits until it is known). */
export function useBells(organizationId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.bells.list(organizationId),
    queryFn: ({ signal }) => getBells(organizationId, signal),
    enabled: organizationId !== undefined,
  });
}

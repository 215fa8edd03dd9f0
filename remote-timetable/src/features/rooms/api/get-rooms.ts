import { apiGet, queryKeys } from '@parta/shared';
import type { Room } from '@parta/shared/domain/contracts/timetable-generator';
import { useQuery } from '@tanstack/react-query';

/** GET /api/timetable/rooms: the rooms of the caller's tree, or of one organization. */
export function getRooms(organizationId?: number, signal?: AbortSignal): Promise<Room[]> {
  return apiGet<Room[]>('/timetable/rooms', {
    params: organizationId ? { organization_id: organizationId } : {},
    signal,
  });
}

/** Rooms of one organization (waits until it is known). */
export function useRooms(organizationId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.timetable.roomList(organizationId),
    queryFn: ({ signal }) => getRooms(organizationId, signal),
    enabled: organizationId !== undefined,
  });
}

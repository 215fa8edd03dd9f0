import { apiGet, queryKeys } from '@parta/shared';
import type { Availability } from '@parta/shared/domain/contracts/timetable-generator';
import { useQuery } from '@tanstack/react-query';

export interface AvailabilityOwner {
  teacherId?: number;
  groupId?: number;
}

/** GET /api/timetable/availability: the cells a teacher or a class is not available in. */
export function getAvailability(owner: AvailabilityOwner, signal?: AbortSignal): Promise<Availability> {
  return apiGet<Availability>('/timetable/availability', {
    params: owner.teacherId ? { teacher_id: owner.teacherId } : { group_id: owner.groupId },
    signal,
  });
}

/** One teacher's or class's availability (waits until one is chosen). */
export function useAvailability(owner: AvailabilityOwner) {
  return useQuery({
    queryKey: queryKeys.timetable.availability(owner),
    queryFn: ({ signal }) => getAvailability(owner, signal),
    enabled: owner.teacherId !== undefined || owner.groupId !== undefined,
  });
}

import { apiGet, queryKeys } from '@parta/shared';
import type { AttendanceReport } from '@parta/shared/domain/contracts/journal';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export interface AttendanceRequest {
  groupId: number;
  from: string;
  to: string;
}

/** GET /api/journal/attendance: н/б of a class over a date range with totals per student. */
export async function getAttendance(
  request: AttendanceRequest,
  signal?: AbortSignal,
): Promise<AttendanceReport> {
  return apiGet<AttendanceReport>('/journal/attendance', {
    params: { group_id: request.groupId, from: request.from, to: request.to },
    signal,
  });
}

export function useAttendance(request: AttendanceRequest | null) {
  return useQuery({
    queryKey: queryKeys.journal.attendance(request),
    queryFn: ({ signal }) => getAttendance(request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

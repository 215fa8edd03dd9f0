import { apiPut, queryKeys } from '@parta/shared';
import type { Availability, AvailabilityInput } from '@parta/shared/domain/contracts/timetable-generator';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/timetable/availability: replaces the whole set of unavailable cells. */
export function saveAvailability(input: AvailabilityInput): Promise<Availability> {
  return apiPut<Availability>('/timetable/availability', input);
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: (saved) =>
      queryClient.setQueryData(
        queryKeys.timetable.availability({
          teacherId: saved.teacher_id ?? undefined,
          groupId: saved.group_id ?? undefined,
        }),
        saved,
      ),
  });
}

import { apiPost, queryKeys } from '@parta/shared';
import type { Holiday, HolidayInput } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/holidays. */
export async function createHoliday(input: HolidayInput): Promise<Holiday> {
  return apiPost<Holiday>('/holidays', input);
}

export function useCreateHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHoliday,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.holidays.all }),
  });
}

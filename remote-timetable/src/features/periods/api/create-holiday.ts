import { apiClient } from '@parta/shared';
import type { Holiday, HolidayInput } from '@parta/shared/domain/contracts/timetable';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/holidays. */
export async function createHoliday(input: HolidayInput): Promise<Holiday> {
  const response = await apiClient.post<{ data: Holiday }>('/holidays', input);
  return response.data.data;
}

export function useCreateHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHoliday,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['holidays'] }),
  });
}

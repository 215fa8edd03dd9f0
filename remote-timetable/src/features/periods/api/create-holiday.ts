import { apiClient } from '@parta/shared';
import type { Holiday, HolidayInput } from '@parta/shared/domain/contracts/timetable';

/** POST /api/holidays. */
export async function createHoliday(input: HolidayInput): Promise<Holiday> {
  const response = await apiClient.post<{ data: Holiday }>('/holidays', input);
  return response.data.data;
}

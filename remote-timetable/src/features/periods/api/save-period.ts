import { apiClient } from '@parta/shared';
import type { Period, PeriodInput } from '@parta/shared/domain/contracts/timetable';

/** POST /api/periods, or PUT /api/periods/{id}. */
export async function savePeriod(input: PeriodInput, id?: number): Promise<Period> {
  const response = id
    ? await apiClient.put<{ data: Period }>(`/periods/${id}`, input)
    : await apiClient.post<{ data: Period }>('/periods', input);
  return response.data.data;
}

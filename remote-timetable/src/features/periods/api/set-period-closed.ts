import { apiClient } from '@parta/shared';
import type { Period } from '@parta/shared/domain/contracts/timetable';

/** POST /api/periods/{id}/close or /reopen. */
export async function setPeriodClosed(id: number, closed: boolean): Promise<Period> {
  const response = await apiClient.post<{ data: Period }>(`/periods/${id}/${closed ? 'close' : 'reopen'}`);
  return response.data.data;
}

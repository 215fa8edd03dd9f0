import { apiClient } from '@parta/shared';
import type { SlotInput, TimetableSlot } from '@parta/shared/domain/contracts/timetable';

/** POST /api/timetable/templates/{id}/slots: 409 with the reason when the placement conflicts. */
export async function addSlot(templateId: number, input: SlotInput): Promise<TimetableSlot> {
  const response = await apiClient.post<{ data: TimetableSlot }>(
    `/timetable/templates/${templateId}/slots`,
    input,
  );
  return response.data.data;
}

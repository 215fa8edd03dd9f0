import { apiClient } from '@parta/shared';

/** DELETE /api/timetable/templates/{id}/slots/{slotId}. */
export async function removeSlot(templateId: number, slotId: number): Promise<void> {
  await apiClient.delete(`/timetable/templates/${templateId}/slots/${slotId}`);
}

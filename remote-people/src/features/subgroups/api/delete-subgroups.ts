import { apiClient } from '@parta/shared';

/** DELETE /api/group/{id}/subgroups/{subject_id}: the class learns the subject whole again. */
export async function deleteSubgroups(groupId: number, subjectId: number): Promise<void> {
  await apiClient.delete(`/group/${groupId}/subgroups/${subjectId}`);
}

import { apiClient } from '@parta/shared';
import type { SubgroupSet, SubgroupSetInput } from '@parta/shared/domain/contracts/people';

/** PUT /api/group/{id}/subgroups/{subject_id}: replaces the split of the class for that subject. */
export async function saveSubgroups(
  groupId: number,
  subjectId: number,
  input: SubgroupSetInput,
): Promise<SubgroupSet> {
  const response = await apiClient.put<{ data: SubgroupSet }>(
    `/group/${groupId}/subgroups/${subjectId}`,
    input,
  );
  return response.data.data;
}

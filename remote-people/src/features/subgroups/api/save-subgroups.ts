import { apiClient } from '@parta/shared';
import type { SubgroupSet, SubgroupSetInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subgroupsKey } from './get-subgroups';

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

/** Saves one subject's split; the class's splits refetch. */
export function useSaveSubgroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      groupId,
      subjectId,
      input,
    }: {
      groupId: number;
      subjectId: number;
      input: SubgroupSetInput;
    }) => saveSubgroups(groupId, subjectId, input),
    onSuccess: (_set, { groupId }) => queryClient.invalidateQueries({ queryKey: subgroupsKey(groupId) }),
  });
}

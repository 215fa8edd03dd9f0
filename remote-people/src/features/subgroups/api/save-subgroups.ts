import { apiPut, queryKeys } from '@parta/shared';

import type { SubgroupSet, SubgroupSetInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/group/{id}/subgroups/{subject_id}: replaces the split of the class for that subject. */
export async function saveSubgroups(
  groupId: number,
  subjectId: number,
  input: SubgroupSetInput,
): Promise<SubgroupSet> {
  return apiPut<SubgroupSet>(`/group/${groupId}/subgroups/${subjectId}`, input);
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
    onSuccess: (_set, { groupId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.groups.subgroups(groupId) }),
  });
}

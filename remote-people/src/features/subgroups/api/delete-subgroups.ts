import { apiClient, queryKeys } from '@parta/shared';

import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/group/{id}/subgroups/{subject_id}: the class learns the subject whole again. */
export async function deleteSubgroups(groupId: number, subjectId: number): Promise<void> {
  await apiClient.delete(`/group/${groupId}/subgroups/${subjectId}`);
}

/** Removes one subject's split; the class's splits refetch. */
export function useDeleteSubgroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, subjectId }: { groupId: number; subjectId: number }) =>
      deleteSubgroups(groupId, subjectId),
    onSuccess: (_none, { groupId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.groups.subgroups(groupId) }),
  });
}

import { apiPut, queryKeys } from '@parta/shared';

import type { GroupDetail, GroupInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/group/{id}: number, letter, manager; answers the card. */
export async function updateGroup(id: number, input: GroupInput): Promise<GroupDetail> {
  return apiPut<GroupDetail>(`/group/${id}`, input);
}

/** Saves the class: the card shows the answer at once, lists (names in filters, students' classes) refetch. */
export function useUpdateGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupInput) => updateGroup(id, input),
    onSuccess: (group) => {
      queryClient.setQueryData(queryKeys.groups.detail(id), group);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.groups.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students.all }),
      ]);
    },
  });
}

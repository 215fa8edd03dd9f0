import { apiClient } from '@parta/shared';
import type { GroupDetail, GroupInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupKey } from './get-group';

/** PUT /api/group/{id}: number, letter, manager; answers the card. */
export async function updateGroup(id: number, input: GroupInput): Promise<GroupDetail> {
  const response = await apiClient.put<{ data: GroupDetail }>(`/group/${id}`, input);
  return response.data.data;
}

/** Saves the class: the card shows the answer at once, lists (names in filters, students' classes) refetch. */
export function useUpdateGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupInput) => updateGroup(id, input),
    onSuccess: (group) => {
      queryClient.setQueryData(groupKey(id), group);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['groups', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['students'] }),
      ]);
    },
  });
}

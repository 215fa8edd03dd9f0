import { apiClient, queryKeys } from '@parta/shared';

import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /api/group/{id}: refused with 409 and a Russian reason while the class has students. */
export async function deleteGroup(id: number): Promise<void> {
  await apiClient.delete(`/group/${id}`);
}

/** Deletes the class: its card leaves the cache, the lists refetch. */
export function useDeleteGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteGroup(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.groups.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.groups.lists });
    },
  });
}

import { apiClient, queryKeys } from '@parta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/load/copy: a class's load to another class of the same parallel. */
export async function copyLoad(fromGroupId: number, toGroupId: number) {
  const response = await apiClient.post<{ message: string; copied: number; warnings: string[] }>(
    '/load/copy',
    {
      from_group_id: fromGroupId,
      to_group_id: toGroupId,
    },
  );
  return response.data;
}

export function useCopyLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to }: { from: number; to: number }) => copyLoad(from, to),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.load.all }),
  });
}

import { apiClient } from '@parta/shared';
import type { GroupDetail, GroupInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/group: answers the new class as its card. */
export async function createGroup(input: GroupInput): Promise<GroupDetail> {
  const response = await apiClient.post<{ data: GroupDetail }>('/group', input);
  return response.data.data;
}

/** Creates a class; every class list refetches. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', 'list'] }),
  });
}

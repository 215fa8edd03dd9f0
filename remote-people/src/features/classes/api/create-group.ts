import { apiPost, queryKeys } from '@parta/shared';
import type { GroupDetail, GroupInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/group: answers the new class as its card. */
export async function createGroup(input: GroupInput): Promise<GroupDetail> {
  return apiPost<GroupDetail>('/group', input);
}

/** Creates a class; every class list refetches. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groups.lists }),
  });
}

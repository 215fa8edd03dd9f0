import { apiPut, queryKeys } from '@parta/shared';
import type { StaffUpdateInput } from '@parta/shared/domain/contracts/people';
import type { UserResponse } from '@parta/shared/domain/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /api/users/{id}: saves the card, roles and the active flag. */
export async function updateUser(id: number, input: StaffUpdateInput): Promise<UserResponse['data']> {
  return apiPut<UserResponse['data']>(`/users/${id}`, input);
}

/** Saves the card: the card shows the answer at once, the lists refetch. */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffUpdateInput) => updateUser(id, input),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.users.detail(id), user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.users.lists });
    },
  });
}

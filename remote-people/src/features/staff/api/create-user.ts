import { apiClient, queryKeys } from '@parta/shared';
import type { StaffCreated, StaffCreateInput } from '@parta/shared/domain/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/users: answers the user and, when no password was given, the generated one (shown once). */
export async function createUser(input: StaffCreateInput): Promise<StaffCreated> {
  const response = await apiClient.post<StaffCreated>('/users', input);
  return response.data;
}

/** Creates a staff member; every staff list refetches. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.lists }),
  });
}

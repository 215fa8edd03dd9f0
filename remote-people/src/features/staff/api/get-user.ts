import { apiGet, queryKeys } from '@parta/shared';
import type { UserResponse } from '@parta/shared/domain/contracts/users';
import { useQuery } from '@tanstack/react-query';

/** GET /api/users/{id}: `data` is the user with roles (SPEC §7). */
export async function getUser(id: number, signal?: AbortSignal): Promise<UserResponse['data']> {
  return apiGet<UserResponse['data']>(`/users/${id}`, { signal });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: queryKeys.users.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    enabled: Number.isFinite(id),
  });
}

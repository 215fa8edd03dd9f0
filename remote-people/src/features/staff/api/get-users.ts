import { apiClient, compactParams, queryKeys } from '@parta/shared';
import type { StaffListQuery } from '@parta/shared/domain/contracts/people';
import type { UserListResponse } from '@parta/shared/domain/contracts/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** GET /api/users: page, per_page, and search / organization_id only when set (SPEC §7). */
export async function getUsers(query: StaffListQuery, signal?: AbortSignal): Promise<UserListResponse> {
  const response = await apiClient.get<UserListResponse>('/users', { params: compactParams(query), signal });
  return response.data;
}

/** One page of staff; the previous page stays on screen while the next one loads. */
export function useUsers(query: StaffListQuery) {
  const params = compactParams(query);
  return useQuery({
    queryKey: queryKeys.users.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

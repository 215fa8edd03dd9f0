import { apiClient, queryKeys } from '@parta/shared';
import type { Role } from '@parta/shared/domain/contracts/auth';
import { useQuery } from '@tanstack/react-query';

/** GET /api/roles?organization_id=: the whole body is the roles (SPEC §7). */
export async function getRoles(organizationId: number, signal?: AbortSignal): Promise<Role[]> {
  const response = await apiClient.get<Role[]>('/roles', {
    params: { organization_id: organizationId },
    signal,
  });
  return response.data;
}

/** The roles an organization may hand out; waits until an organization is chosen. */
export function useRoles(organizationId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.roles(organizationId),
    queryFn: ({ signal }) => getRoles(organizationId as number, signal),
    enabled: organizationId !== undefined,
    staleTime: 5 * 60_000,
  });
}

import { apiClient, useRequest } from '@parta/shared';

export interface RoleOption {
  id: number;
  name: string;
  code?: string | null;
}

/** GET /api/roles?organization_id=: the whole body is the roles (SPEC §7). */
export async function getRoles(organizationId?: number): Promise<RoleOption[]> {
  const response = await apiClient.get<RoleOption[] | { data: RoleOption[] }>('/roles', {
    params: organizationId ? { organization_id: organizationId } : {},
  });
  const body = response.data;
  return Array.isArray(body) ? body : (body.data ?? []);
}

export function useRoles(organizationId: number | undefined) {
  return useRequest(() => getRoles(organizationId), [organizationId], organizationId !== undefined);
}

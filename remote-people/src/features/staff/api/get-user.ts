import { apiClient, useRequest } from '@parta/shared';
import type { Staff } from '@parta/shared/domain/contracts/people';

/** GET /api/users/{id}: `data` is the user with roles (SPEC §7). */
export async function getUser(id: number): Promise<Staff> {
  const response = await apiClient.get<{ data: Staff }>(`/users/${id}`);
  return response.data.data;
}

export function useUser(id: number) {
  return useRequest(() => getUser(id), [id], Number.isFinite(id));
}

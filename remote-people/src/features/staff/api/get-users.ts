import { apiClient, compactParams, useRequest } from '@parta/shared';
import type { PageMeta } from '@parta/shared/domain/contracts/common';
import type { Staff, StaffListQuery } from '@parta/shared/domain/contracts/people';

export interface StaffPage {
  data: Staff[];
  meta: PageMeta;
}

/** GET /api/users: page, per_page, and search / organization_id only when set (SPEC §7). */
export async function getUsers(query: StaffListQuery): Promise<StaffPage> {
  const response = await apiClient.get<StaffPage>('/users', { params: compactParams(query) });
  return response.data;
}

export function useUsers(query: StaffListQuery) {
  return useRequest(() => getUsers(query), [query.page, query.per_page, query.search, query.organization_id]);
}

import { apiPut, queryKeys } from '@parta/shared';

import type { OrganizationStatus, RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `PUT /api/organizations/{id}/status`: block or unblock. */
export async function setOrganizationStatus(
  id: number,
  status: OrganizationStatus,
): Promise<RegistryOrganization> {
  return apiPut<RegistryOrganization>(`/organizations/${id}/status`, {
    status,
  });
}

/** Blocks or unblocks any organization of the registry; its card takes the answer, the lists refetch. */
export function useSetOrganizationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: OrganizationStatus }) =>
      setOrganizationStatus(id, status),
    onSuccess: (organization) => {
      queryClient.setQueryData(queryKeys.organizations.detail(organization.id), organization);
      return queryClient.invalidateQueries({ queryKey: queryKeys.organizations.lists });
    },
  });
}

import { apiClient } from '@parta/shared';
import type { OrganizationStatus, RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKey } from './get-organization';

/** `PUT /api/organizations/{id}/status`: block or unblock. */
export async function setOrganizationStatus(
  id: number,
  status: OrganizationStatus,
): Promise<RegistryOrganization> {
  const response = await apiClient.put<{ data: RegistryOrganization }>(`/organizations/${id}/status`, {
    status,
  });
  return response.data.data;
}

/** Blocks or unblocks any organization of the registry; its card takes the answer, the lists refetch. */
export function useSetOrganizationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: OrganizationStatus }) =>
      setOrganizationStatus(id, status),
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKey(organization.id), organization);
      return queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
  });
}

import { apiClient } from '@parta/shared';
import type { OrganizationUpdate, RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKey } from './get-organization';

/** `PUT /api/organizations/{id}`: the requisites. */
export async function updateOrganization(
  id: number,
  body: OrganizationUpdate,
): Promise<RegistryOrganization> {
  const response = await apiClient.put<{ data: RegistryOrganization }>(`/organizations/${id}`, body);
  return response.data.data;
}

/** Saves the requisites; the card takes the answer, the lists refetch. */
export function useUpdateOrganization(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationUpdate) => updateOrganization(id, body),
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKey(id), organization);
      return queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] });
    },
  });
}

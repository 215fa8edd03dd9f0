import { apiPut, queryKeys } from '@parta/shared';

import type { OrganizationUpdate, RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `PUT /api/organizations/{id}`: the requisites. */
export async function updateOrganization(
  id: number,
  body: OrganizationUpdate,
): Promise<RegistryOrganization> {
  return apiPut<RegistryOrganization>(`/organizations/${id}`, body);
}

/** Saves the requisites; the card takes the answer, the lists refetch. */
export function useUpdateOrganization(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationUpdate) => updateOrganization(id, body),
    onSuccess: (organization) => {
      queryClient.setQueryData(queryKeys.organizations.detail(id), organization);
      return queryClient.invalidateQueries({ queryKey: queryKeys.organizations.lists });
    },
  });
}

import { apiPost, queryKeys } from '@parta/shared';
import type { OrganizationCreate, RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `POST /api/organizations`: a top-level organization, or a child of `parent_id`. */
export async function createOrganization(body: OrganizationCreate): Promise<RegistryOrganization> {
  return apiPost<RegistryOrganization>('/organizations', body);
}

/** Creates an organization; the registry lists (and the parent's children count) refetch. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations.all }),
  });
}

import { apiPost, queryKeys } from '@parta/shared';

import type { BalanceOperationInput, RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `POST /api/organizations/{id}/balance-transactions`: answers the organization with its new balances. */
export async function recordBalanceOperation(
  id: number,
  body: BalanceOperationInput,
): Promise<RegistryOrganization> {
  return apiPost<RegistryOrganization>(`/organizations/${id}/balance-transactions`, body);
}

/** One operation: the card takes the new balances; the history and the lists refetch. */
export function useRecordBalanceOperation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BalanceOperationInput) => recordBalanceOperation(id, body),
    onSuccess: (organization) => {
      queryClient.setQueryData(queryKeys.organizations.detail(id), organization);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organizations.balanceTransactions(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizations.lists }),
      ]);
    },
  });
}

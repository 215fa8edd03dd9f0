import { apiClient } from '@parta/shared';
import type { BalanceOperationInput, RegistryOrganization } from '@parta/shared/domain/contracts/registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceTransactionsKey } from './get-balance-transactions';
import { organizationKey } from './get-organization';

/** `POST /api/organizations/{id}/balance-transactions`: answers the organization with its new balances. */
export async function recordBalanceOperation(
  id: number,
  body: BalanceOperationInput,
): Promise<RegistryOrganization> {
  const response = await apiClient.post<{ data: RegistryOrganization }>(
    `/organizations/${id}/balance-transactions`,
    body,
  );
  return response.data.data;
}

/** One operation: the card takes the new balances; the history and the lists refetch. */
export function useRecordBalanceOperation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BalanceOperationInput) => recordBalanceOperation(id, body),
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationKey(id), organization);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: balanceTransactionsKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] }),
      ]);
    },
  });
}

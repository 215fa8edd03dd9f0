import { apiClient } from '@parta/shared';
import type { BalanceOperationInput, RegistryOrganization } from '@parta/shared/domain/contracts/registry';

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

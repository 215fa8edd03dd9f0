import { apiClient, useRequest } from '@parta/shared';
import type { BalanceHistoryResponse } from '@parta/shared/domain/contracts/registry';

/** `GET /api/organizations/{id}/balance-transactions`: the history, newest first, 15 a page. */
export async function getBalanceTransactions(id: number, page: number): Promise<BalanceHistoryResponse> {
  const response = await apiClient.get<BalanceHistoryResponse>(`/organizations/${id}/balance-transactions`, {
    params: { page, per_page: 15 },
  });
  return response.data;
}

export function useBalanceTransactions(id: number, page: number) {
  return useRequest(() => getBalanceTransactions(id, page), [id, page], Number.isFinite(id));
}

import { apiClient, queryKeys } from '@parta/shared';
import type { BalanceHistoryResponse } from '@parta/shared/domain/contracts/registry';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** `GET /api/organizations/{id}/balance-transactions`: the history, newest first, 15 a page. */
export async function getBalanceTransactions(
  id: number,
  page: number,
  signal?: AbortSignal,
): Promise<BalanceHistoryResponse> {
  const response = await apiClient.get<BalanceHistoryResponse>(`/organizations/${id}/balance-transactions`, {
    params: { page, per_page: 15 },
    signal,
  });
  return response.data;
}

export function useBalanceTransactions(id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.organizations.balanceTransactionsPage(id, page),
    queryFn: ({ signal }) => getBalanceTransactions(id, page, signal),
    enabled: Number.isFinite(id),
    placeholderData: keepPreviousData,
  });
}

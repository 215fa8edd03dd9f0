import { apiClient, queryKeys } from '@parta/shared';
import type { DictionaryName } from '@parta/shared/domain/contracts/registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `DELETE /api/organization-{name}/{id}`: only an item no organization uses (else 409). */
export async function deleteDictionaryItem(dictionary: DictionaryName, id: number): Promise<void> {
  await apiClient.delete(`/organization-${dictionary}/${id}`);
}

export function useDeleteDictionaryItem(dictionary: DictionaryName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDictionaryItem(dictionary, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations.dictionaries }),
  });
}

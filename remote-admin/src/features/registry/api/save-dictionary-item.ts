import { apiPost, apiPut, queryKeys } from '@parta/shared';
import type { DictionaryItem } from '@parta/shared/domain/contracts/organizations';
import type { DictionaryName } from '@parta/shared/domain/contracts/registry';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `POST /api/organization-{name}` (a new item) or `PUT /api/organization-{name}/{id}` (a rename). */
export async function saveDictionaryItem(
  dictionary: DictionaryName,
  item: { id?: number; name: string },
): Promise<DictionaryItem> {
  const url = `/organization-${dictionary}`;
  return item.id
    ? apiPut<DictionaryItem>(`${url}/${item.id}`, { name: item.name })
    : apiPost<DictionaryItem>(url, { name: item.name });
}

/** Adds or renames an item; the dictionaries refetch. */
export function useSaveDictionaryItem(dictionary: DictionaryName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: { id?: number; name: string }) => saveDictionaryItem(dictionary, item),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organizations.dictionaries }),
  });
}

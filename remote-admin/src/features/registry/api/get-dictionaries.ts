import { apiClient } from '@parta/shared';
import type { DictionaryItem } from '@parta/shared/domain/contracts/organizations';
import type { DictionaryName } from '@parta/shared/domain/contracts/registry';
import { useQuery } from '@tanstack/react-query';

export type Dictionaries = Record<DictionaryName, DictionaryItem[]>;

export const EMPTY_DICTIONARIES: Dictionaries = { types: [], forms: [], kinds: [] };

/** The cache key of the three dictionaries, which are fetched and refreshed together. */
export const dictionariesKey = ['organization-dictionaries'] as const;

/**
 * `GET /api/organization-types`, `-forms`, `-kinds`, fetched together (SPEC §7). A failure is only
 * logged (SPEC §8): the screens then show empty selects instead of an error.
 */
export async function getDictionaries(signal?: AbortSignal): Promise<Dictionaries> {
  try {
    const [types, forms, kinds] = await Promise.all(
      (['types', 'forms', 'kinds'] as const).map(async (name) => {
        const response = await apiClient.get<{ data: DictionaryItem[] }>(`/organization-${name}`, { signal });
        return response.data.data;
      }),
    );
    return { types, forms, kinds };
  } catch (error) {
    console.error('Ошибка загрузки справочников:', error);
    return EMPTY_DICTIONARIES;
  }
}

export function useDictionaries() {
  return useQuery({ queryKey: dictionariesKey, queryFn: ({ signal }) => getDictionaries(signal) });
}

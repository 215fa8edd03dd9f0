import { apiGet, queryKeys } from '@parta/shared';
import type { DictionaryItem } from '@parta/shared/domain/contracts/organizations';
import type { DictionaryName } from '@parta/shared/domain/contracts/registry';
import { useQuery } from '@tanstack/react-query';

export type Dictionaries = Record<DictionaryName, DictionaryItem[]>;

export const EMPTY_DICTIONARIES: Dictionaries = { types: [], forms: [], kinds: [] };

/**
 * `GET /api/organization-types`, `-forms`, `-kinds`, fetched together (SPEC §7). A failure is only
 * logged (SPEC §8): the screens then show empty selects instead of an error.
 */
export async function getDictionaries(signal?: AbortSignal): Promise<Dictionaries> {
  try {
    const [types, forms, kinds] = await Promise.all(
      (['types', 'forms', 'kinds'] as const).map(async (name) => {
        return apiGet<DictionaryItem[]>(`/organization-${name}`, { signal });
      }),
    );
    return { types, forms, kinds };
  } catch (error) {
    console.error('Ошибка загрузки справочников:', error);
    return EMPTY_DICTIONARIES;
  }
}

export function useDictionaries() {
  return useQuery({
    queryKey: queryKeys.organizations.dictionaries,
    queryFn: ({ signal }) => getDictionaries(signal),
  });
}

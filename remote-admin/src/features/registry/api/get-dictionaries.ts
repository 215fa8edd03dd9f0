import { apiClient, useRequest } from '@parta/shared';
import type { DictionaryItem } from '@parta/shared/domain/contracts/organizations';
import type { DictionaryName } from '@parta/shared/domain/contracts/registry';

export type Dictionaries = Record<DictionaryName, DictionaryItem[]>;

const EMPTY: Dictionaries = { types: [], forms: [], kinds: [] };

/**
 * `GET /api/organization-types`, `-forms`, `-kinds`, fetched together (SPEC §7). A failure is only
 * logged (SPEC §8): the screens then show ids without names.
 */
export async function getDictionaries(): Promise<Dictionaries> {
  try {
    const [types, forms, kinds] = await Promise.all(
      (['types', 'forms', 'kinds'] as const).map(async (name) => {
        const response = await apiClient.get<{ data: DictionaryItem[] }>(`/organization-${name}`);
        return response.data.data;
      }),
    );
    return { types, forms, kinds };
  } catch (error) {
    console.error('Ошибка загрузки справочников:', error);
    return EMPTY;
  }
}

export function useDictionaries() {
  return useRequest(getDictionaries, []);
}

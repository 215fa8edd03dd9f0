import { apiClient } from '@parta/shared';
import type { DictionaryName } from '@parta/shared/domain/contracts/registry';

/** `DELETE /api/organization-{name}/{id}`: only an item no organization uses (else 409). */
export async function deleteDictionaryItem(dictionary: DictionaryName, id: number): Promise<void> {
  await apiClient.delete(`/organization-${dictionary}/${id}`);
}

import { apiClient, useRequest } from '@parta/shared';
import type { GroupDetail } from '@parta/shared/domain/contracts/people';

/** GET /api/group/{id}: `data.data` is the class with its manager and students (SPEC §7, §8). */
export async function getGroup(id: number): Promise<GroupDetail> {
  try {
    const response = await apiClient.get<{ data?: GroupDetail }>(`/group/${id}`);
    if (!response.data.data) {
      console.error('Класс не найден в ответе API');
      throw new Error('Класс не найден в ответе API');
    }
    return response.data.data;
  } catch (error) {
    console.error('Ошибка загрузки класса:', error);
    throw error;
  }
}

export function useGroup(id: number) {
  return useRequest(() => getGroup(id), [id], Number.isFinite(id));
}

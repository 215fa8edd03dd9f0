import { apiClient } from '@parta/shared';

/** DELETE /api/subject/{id}: a subject in use is archived instead; the answer says which. */
export async function deleteSubject(id: number): Promise<{ message: string; archived: boolean }> {
  const response = await apiClient.delete<{ message: string; archived: boolean }>(`/subject/${id}`);
  return response.data;
}

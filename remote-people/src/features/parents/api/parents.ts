import { apiClient } from '@parta/shared';
import type {
  ParentCreated,
  ParentInput,
  ParentOption,
  StudentParent,
} from '@parta/shared/domain/contracts/people';

/** GET /api/students/parents?search=: parents already in the school (a sibling's), up to 20. */
export async function searchParents(search: string): Promise<ParentOption[]> {
  const response = await apiClient.get<{ data: ParentOption[] }>('/students/parents', { params: { search } });
  return response.data.data;
}

/** POST /api/students/{id}/parents: a new parent; the login and password are answered once. */
export async function createParent(studentId: number, input: ParentInput): Promise<ParentCreated> {
  const response = await apiClient.post<ParentCreated>(`/students/${studentId}/parents`, input);
  return response.data;
}

/** PUT /api/students/{id}/parents/{userId}: links a parent the school already has. */
export async function attachParent(studentId: number, userId: number): Promise<StudentParent> {
  const response = await apiClient.put<{ data: StudentParent }>(`/students/${studentId}/parents/${userId}`);
  return response.data.data;
}

/** DELETE /api/students/{id}/parents/{userId}. */
export async function detachParent(studentId: number, userId: number): Promise<void> {
  await apiClient.delete(`/students/${studentId}/parents/${userId}`);
}

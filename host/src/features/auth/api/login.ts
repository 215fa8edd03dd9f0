import { apiClient, type CurrentUser } from '@parta/shared';

export interface LoginInput {
  login: string;
  password: string;
}

/** `POST /api/auth/login` → `{ data: { token, user } }`. */
export async function login(input: LoginInput): Promise<{ token: string; user: CurrentUser }> {
  const response = await apiClient.post<{ data: { token: string; user: CurrentUser } }>('/auth/login', input);
  return response.data.data;
}

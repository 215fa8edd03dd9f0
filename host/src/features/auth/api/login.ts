import { apiPost } from '@parta/shared';
import type { LoginBody, LoginResponse } from '@parta/shared/domain/contracts/auth';
import { useMutation } from '@tanstack/react-query';

/** `POST /api/auth/login` → `{ data: { token, user } }`. Types only: the login page loads no zod. */
export async function login(input: LoginBody): Promise<LoginResponse['data']> {
  return apiPost<LoginResponse['data']>('/auth/login', input);
}

/** Signs in; the caller keeps the token (the session lives in jotai, not in the query cache). */
export function useLogin() {
  return useMutation({ mutationFn: login });
}

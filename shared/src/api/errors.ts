import { AxiosError } from 'axios';
import type { ValidationError } from '../domain/contracts/common';

/** Body of every error answer (ARCHITECTURE.md "API"): the one contract, `validationErrorSchema`. */
export type ApiErrorBody = ValidationError;

/** Russian text for a failed call: the server's `message`, a network note, or the fallback. */
export function getErrorMessage(error: unknown, fallback = 'Произошла ошибка. Попробуйте ещё раз.'): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as ApiErrorBody | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    if (!error.response) return 'Нет связи с сервером. Проверьте подключение к сети.';
  }
  return fallback;
}

/** HTTP status of a failed call, if the server answered. */
export function getErrorStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}

/** Field errors of a 422 answer, one message per field. */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof AxiosError)) return {};
  const errors = (error.response?.data as ApiErrorBody | undefined)?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0] ?? '']));
}

import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { apiClient } from './api-client';

/**
 * The one way a screen calls the API: each helper sends the request through the app's client and
 * unwraps the `{ data }` envelope (SPEC §7) once, here. `T` is the contract's parsed type of `data`
 * (`z.output` of the route's schema in shared/domain/contracts), so a fetcher is one line and its
 * answer typed from the contract. Routes whose whole body is the answer (paginated lists with
 * `meta`, the few bare answers of SPEC §7) use `apiClient` directly.
 */
export interface ApiRequests {
  apiGet<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  apiPost<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  apiPut<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  apiPatch<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  apiDelete<T = void>(url: string, config?: AxiosRequestConfig): Promise<T>;
}

/** The request helpers over one axios instance (the app's `apiClient`; tests give their own). */
export function createApiRequests(client: AxiosInstance): ApiRequests {
  const unwrap = async <T>(sent: Promise<{ data: { data: T } | '' | undefined }>): Promise<T> => {
    const body = (await sent).data;
    // 204 and bare-empty answers carry no envelope.
    return (body ? body.data : undefined) as T;
  };
  return {
    apiGet: (url, config) => unwrap(client.get(url, config)),
    apiPost: (url, body, config) => unwrap(client.post(url, body, config)),
    apiPut: (url, body, config) => unwrap(client.put(url, body, config)),
    apiPatch: (url, body, config) => unwrap(client.patch(url, body, config)),
    apiDelete: (url, config) => unwrap(client.delete(url, config)),
  };
}

export const { apiGet, apiPost, apiPut, apiPatch, apiDelete } = createApiRequests(apiClient);

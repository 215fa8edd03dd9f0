import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { TOKEN_STORAGE_KEY } from './offline-cache';

export { TOKEN_STORAGE_KEY };

/** Screens the client sends the user to (SPEC §8). */
export type ApiRedirect = '/login' | '/payment-required' | '/access';

const REDIRECT_BY_STATUS: Record<number, ApiRedirect> = {
  401: '/login',
  402: '/payment-required',
  403: '/access',
};

export interface ApiClientOptions {
  /** Base path of every call: `/api` (SPEC §7). */
  baseURL?: string;
  /** Where the token lives; `window.localStorage` in the browser. */
  storage?: Pick<Storage, 'getItem' | 'removeItem'>;
  /** Sends the user to a screen; the host hands in its router, tests a spy. */
  navigate?: (path: ApiRedirect) => void;
  /** Called after a 401 removed the token, so in-memory state can follow. */
  onTokenRemoved?: () => void;
}

/**
 * Builds an axios instance with the behaviour of SPEC §7–§8: base `/api`, no timeout, bearer token
 * from storage; 401 drops the token and goes to /login, 402 to /payment-required, 403 to /access,
 * and the error always still reaches the caller. A failure without an answer rejects with
 * 'Network Error'. The app uses the one instance `apiClient`; tests build their own.
 */
export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  const {
    baseURL = '/api',
    storage = globalThis.localStorage,
    navigate = defaultNavigate,
    onTokenRemoved,
  } = options;
  const client = axios.create({ baseURL, headers: { Accept: 'application/json' } });

  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const token = storage?.getItem(TOKEN_STORAGE_KEY);
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(
    (response) => response,
    (error: unknown) => {
      if (axios.isCancel(error)) return Promise.reject(error);
      if (!(error instanceof AxiosError) || !error.response) return Promise.reject(toNetworkError(error));
      const status = error.response.status;
      if (status === 401) {
        storage?.removeItem(TOKEN_STORAGE_KEY);
        onTokenRemoved?.();
      }
      const target = REDIRECT_BY_STATUS[status];
      if (target) navigate(target);
      return Promise.reject(error);
    },
  );
  return client;
}

/** Every failure that never got an answer reads the same for callers (SPEC §8). */
function toNetworkError(error: unknown): AxiosError {
  if (error instanceof AxiosError) {
    error.message = 'Network Error';
    error.code ??= AxiosError.ERR_NETWORK;
    return error;
  }
  const networkError = new AxiosError('Network Error', AxiosError.ERR_NETWORK);
  networkError.cause = error instanceof Error ? error : undefined;
  return networkError;
}

/** Full-page navigation: what the client does until the host hands in its router. */
export function defaultNavigate(path: ApiRedirect): void {
  if (typeof window !== 'undefined' && window.location.pathname !== path) window.location.assign(path);
}

import { QueryClient } from '@tanstack/react-query';
import { getErrorStatus } from './errors';

/** Reads tried at most this often before the screen shows the error. */
const MAX_READ_ATTEMPTS = 4;

/**
 * Retry a failed read after a network failure or a 5xx, never after a 4xx: the same request
 * would get the same refusal (and 401/403 already navigated away).
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  const status = getErrorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_READ_ATTEMPTS - 1;
}

/** 0.5 s, 1 s, 2 s … capped at 8 s. */
export function retryDelay(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 8_000);
}

/**
 * The one server-state cache of a page (ARCHITECTURE.md "Module Federation"). The host creates it
 * once and hands it to AppProviders; every remote reaches it through the shared
 * `@tanstack/react-query` singleton's context, so a save in one remote refreshes another's lists.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        retryDelay,
        // Lists are refetched when a screen opens again after this, not on every mount.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Offline, a read is still tried once: the service worker may answer from its cache.
        networkMode: 'offlineFirst',
      },
      // Writes are not repeated by default: a repeated POST may create twice. Queued writes (the
      // journal) opt in with their own mutation defaults.
      mutations: { retry: false },
    },
  });
}

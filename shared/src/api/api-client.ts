import type { AxiosInstance } from 'axios';
import { partaStore, tokenAtom } from '../auth/atoms';
import { type ApiRedirect, createApiClient, defaultNavigate } from './create-api-client';
import { OFFLINE_SINCE_HEADER } from './offline-cache';
import { offlineSinceAtom } from './offline-data';

let redirect: (path: ApiRedirect) => void = defaultNavigate;

/** The host hands in its router so 401/402/403 redirects keep the single-page app alive. */
export function setApiNavigator(navigate: (path: ApiRedirect) => void): void {
  redirect = navigate;
}

/** The one API client of the host and every remote (SPEC §7–§8). */
export const apiClient: AxiosInstance = createApiClient({
  navigate: (path) => redirect(path),
  onTokenRemoved: () => partaStore.set(tokenAtom, null),
});

// An answer from the service worker's cache says when it was fetched; a fresh answer clears the notice.
apiClient.interceptors.response.use((response) => {
  const since = response.headers?.[OFFLINE_SINCE_HEADER];
  const next = typeof since === 'string' && since ? new Date(since) : null;
  const current = partaStore.get(offlineSinceAtom);
  if (next?.getTime() !== current?.getTime()) partaStore.set(offlineSinceAtom, next);
  return response;
});

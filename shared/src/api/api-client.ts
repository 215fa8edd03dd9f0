import type { AxiosInstance } from 'axios';
import { partaStore, tokenAtom } from '../auth/atoms';
import { type ApiRedirect, createApiClient, defaultNavigate } from './create-api-client';

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

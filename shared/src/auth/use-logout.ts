import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { apiClient } from '../api/api-client';
import { clearApiCache } from '../api/offline-data';
import { tokenAtom } from './atoms';

/**
 * Signs out (SPEC §4): tells the server, removes `auth_token`, goes to /login and reloads the page
 * so no state of the signed-in user survives. A failing logout call is only logged (SPEC §8).
 */
export function useLogout(): () => Promise<void> {
  const setToken = useSetAtom(tokenAtom);
  return useCallback(async () => {
    try {
      await apiClient.post('/auth/logout');
    } catch (error) {
      console.error('Ошибка выхода из системы:', error);
    }
    setToken(null);
    // Before the page goes: the kept API answers of this user must not open offline for the next one.
    await clearApiCache().catch(() => undefined);
    window.location.assign('/login');
  }, [setToken]);
}

import { useCallback } from 'react';
import { apiClient } from '../api/api-client';
import { TOKEN_STORAGE_KEY } from '../api/create-api-client';
import { clearApiCache } from '../api/offline-data';
import { dropPushSubscription } from '../api/push-subscription';

/**
 * Signs out (SPEC §4): first this device's push subscription goes (issue 38: the next person on
 * this browser must get none of this user's notices), then tells the server, removes `auth_token`, goes to /login and loads the page
 * anew so no state of the signed-in user survives. A failing logout call is only logged (SPEC §8).
 *
 * The token leaves storage directly, not through `tokenAtom`: a signed-out re-render would send the
 * router to /login remembering this user's page as «where to return», and the next person to sign in
 * on this browser would land there (e.g. an administrator's page for a school director).
 */
export function useLogout(): () => Promise<void> {
  return useCallback(async () => {
    await dropPushSubscription();
    try {
      await apiClient.post('/auth/logout');
    } catch (error) {
      console.error('Ошибка выхода из системы:', error);
    }
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    // Before the page goes: the kept API answers of this user must not open offline for the next one.
    await clearApiCache().catch(() => undefined);
    window.location.assign('/login');
  }, []);
}

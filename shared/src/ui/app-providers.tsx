import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { clearApiCache } from '../api/offline-data';
import { currentUserAtom, partaStore, themeAtom, tokenAtom } from '../auth/atoms';
import { partaCssVariables, partaThemeFor, Z_INDEX } from '../theme/theme';
import { toastRequests } from './notify';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** The toasts' container, drawn from the page's first toast on (`notify`): no first screen loads it. */
function LazyToasts() {
  const wanted = useSyncExternalStore(toastRequests.subscribe, toastRequests.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={Z_INDEX.toast} />
    </Suspense>
  );
}

/**
 * Mantine follows the theme atom; the `dark` class on <html> follows it too (SPEC §4). Its calendars
 * follow the signed-in user's school week (weekend days), the default six-day week before that.
 */
function ThemedMantine({ children }: { children?: ReactNode }) {
  const theme = useAtomValue(themeAtom);
  const workingDays = useAtomValue(currentUserAtom)?.organization.working_days_per_week;
  const mantineTheme = partaThemeFor(workingDays);
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  return (
    <MantineProvider theme={mantineTheme} cssVariablesResolver={partaCssVariables} forceColorScheme={theme}>
      <LazyToasts />
      {children}
    </MantineProvider>
  );
}

/** Signing out (or a 401) empties the cache and the service worker's kept API answers, so the next user never sees the last one's rows. */
function ForgetServerStateOnSignOut({ client }: { client: QueryClient }) {
  const token = useAtomValue(tokenAtom);
  useEffect(() => {
    if (token === null) {
      client.clear();
      void clearApiCache();
    }
  }, [token, client]);
  return null;
}

export interface AppProvidersProps {
  /** The page's one server-state cache, made once by the host with `createQueryClient()` (host/src/app/app.tsx). */
  queryClient: QueryClient;
  children?: ReactNode;
}

/**
 * The providers that exist once per page: jotai store, query cache, Mantine theme, toasts. The
 * Russian calendar of every date component is a theme default (`partaThemeFor`), so no DatesProvider.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <JotaiProvider store={partaStore}>
      <QueryClientProvider client={queryClient}>
        <ForgetServerStateOnSignOut client={queryClient} />
        <ThemedMantine>{children}</ThemedMantine>
      </QueryClientProvider>
    </JotaiProvider>
  );
}

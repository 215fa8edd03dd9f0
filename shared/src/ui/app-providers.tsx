import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { type ReactNode, useLayoutEffect } from 'react';
import { partaStore, themeAtom } from '../auth/atoms';
import { datesSettings } from '../theme/dates';
import { partaTheme, Z_INDEX } from '../theme/theme';

/** Mantine follows the theme atom; the `dark` class on <html> follows it too (SPEC §4). */
function ThemedMantine({ children }: { children?: ReactNode }) {
  const theme = useAtomValue(themeAtom);
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  return (
    <MantineProvider theme={partaTheme} forceColorScheme={theme}>
      <DatesProvider settings={datesSettings}>
        <Notifications position="top-right" zIndex={Z_INDEX.toast} />
        {children}
      </DatesProvider>
    </MantineProvider>
  );
}

/** The providers that exist once per page: jotai store, Mantine theme, dates locale, toasts. */
export function AppProviders({ children }: { children?: ReactNode }) {
  return (
    <JotaiProvider store={partaStore}>
      <ThemedMantine>{children}</ThemedMantine>
    </JotaiProvider>
  );
}

import { Alert, AppShell, Box, Button, Group, Overlay } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import {
  formatDayTime,
  MOBILE_MENU_MAX_WIDTH,
  mobileMenuOpenedAtom,
  offlineSinceAtom,
  sidebarCollapsedAtom,
  useLogout,
  useMedia,
  usePermissions,
  Z_INDEX,
} from '@parta/shared';
import { useAtom, useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from './footer';
import classes from './main-layout.module.css';
import { Sidebar } from './sidebar';
import { MENU_TOGGLE_ID, TopBar } from './top-bar';

/** Mantine's navbar breakpoint is "mobile below": 992 px makes 991 px and less mobile (SPEC §9). */
const NAVBAR_BREAKPOINT = MOBILE_MENU_MAX_WIDTH + 1;

/** The main layout of SPEC §2: sidebar, top bar, content (the route's, or `children`) and footer. */
export function MainLayout({ children }: { children?: ReactNode }) {
  const collapsed = useAtomValue(sidebarCollapsedAtom);
  const [mobileOpened, setMobileOpened] = useAtom(mobileMenuOpenedAtom);
  const isMobile = useMedia(`(max-width: ${MOBILE_MENU_MAX_WIDTH}px)`);
  const { pathname } = useLocation();
  const { status, error, reload } = usePermissions();
  const logout = useLogout();
  const offlineSince = useAtomValue(offlineSinceAtom);
  // On a phone the menu is drawn when it is first opened, not with the first screen (two dozen
  // links less in the render a phone waits for); once drawn it stays, so closing slides it out whole.
  const menuDrawn = useRef(false);
  if (!isMobile || mobileOpened) menuDrawn.current = true;

  // Escape closes the mobile menu and gives focus back to the toggle that opened it.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !isMobile || !mobileOpened) return;
    setMobileOpened(false);
    document.getElementById(MENU_TOGGLE_ID)?.focus();
  });

  // Navigating closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    setMobileOpened(false);
  }, [pathname, setMobileOpened]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 264,
        breakpoint: NAVBAR_BREAKPOINT,
        collapsed: { mobile: !mobileOpened, desktop: collapsed },
      }}
      padding={{ base: 'sm', sm: 'lg' }}
      // Header and sidebar on the menu layer; the mobile overlay sits under the sidebar, before it in the DOM.
      zIndex={Z_INDEX.menu}
    >
      <a href="#main-content" className={classes.skipLink}>
        Перейти к содержимому
      </a>
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      {isMobile && mobileOpened ? (
        <Overlay
          fixed
          zIndex={Z_INDEX.overlay}
          backgroundOpacity={0.4}
          onClick={() => setMobileOpened(false)}
          className={classes.overlay}
          data-testid="menu-overlay"
        />
      ) : null}
      <AppShell.Navbar
        className={classes.navbar}
        data-closed={mobileOpened ? undefined : true}
        data-testid="sidebar"
        // Whether the signed-in user has loaded (`loading`, `ready`, `error`): what a script waits for.
        data-user={status}
        aria-label="Главное меню"
      >
        {menuDrawn.current ? <Sidebar /> : null}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Box
          mih="calc(100dvh - 60px - 2 * var(--app-shell-padding))"
          display="flex"
          style={{ flexDirection: 'column' }}
        >
          <Box style={{ flex: 1 }}>
            {status === 'error' ? (
              <Alert color="red" title="Не удалось загрузить данные пользователя" mb="lg">
                {error}
                <Group mt="sm" gap="xs">
                  <Button size="xs" variant="light" onClick={() => void reload()}>
                    Повторить
                  </Button>
                  <Button size="xs" variant="subtle" color="gray" onClick={() => void logout()}>
                    Выйти
                  </Button>
                </Group>
              </Alert>
            ) : null}
            {offlineSince ? (
              <Alert color="yellow" mb="md" role="status" data-testid="offline-notice">
                нет связи, данные на {formatDayTime(offlineSince)}
              </Alert>
            ) : null}
            {children ?? <Outlet />}
          </Box>
          <Footer />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

import { Center, Loader } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';

/**
 * A screen whose code loads the first time it is opened:
 * `const JournalPage = lazyPage(() => import('./pages/journal-page'), 'JournalPage')`.
 * Each module of routes (the host's, a remote's `./routes`) declares its screens this way: imported
 * at the top, opening one journal evaluated the code of every screen of the remote, the diary's date
 * pickers included, before drawing anything (on a phone, a third of a second of blocked taps).
 */
export function lazyPage<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * The loader shown where a screen goes while its code loads (`lazyPage`). A move between screens
 * is a transition (the router's), so it shows only on a first opening; later the previous screen
 * stays until the next one is ready.
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Загрузка страницы" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}

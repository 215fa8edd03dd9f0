import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { AppShell } from '@mantine/core';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';
import { PermissionProvider } from '../auth/permission-context';
import { AppProviders } from './app-providers';

/**
 * Mounts a remote's routes alone, for `pnpm --filter remote-x dev`: the same providers as the host
 * but no menu. In production the host renders the exposed routes module instead.
 */
export function mountStandalone(RemoteRoutes: ComponentType): void {
  const container =
    document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(container).render(
    <AppProviders queryClient={createQueryClient()}>
      <BrowserRouter>
        <PermissionProvider>
          <AppShell padding="md">
            <AppShell.Main>
              <RemoteRoutes />
            </AppShell.Main>
          </AppShell>
        </PermissionProvider>
      </BrowserRouter>
    </AppProviders>,
  );
}

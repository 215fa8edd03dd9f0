import { NotFoundPage, PermissionProvider, tokenAtom } from '@parta/shared';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { LandingPage } from '../pages/landing-page';
import { isLayoutPath } from '../remotes/remote-map';
import { MainLayout } from './main-layout';

/**
 * Decides what a path outside /login, /access and /payment-required gets: a 404 for unknown
 * paths (outside the layout, SPEC §2), the public landing page or /login without a token, and the
 * main layout, which loads the current user, otherwise.
 */
export function LayoutGate() {
  const location = useLocation();
  const token = useAtomValue(tokenAtom);
  if (!isLayoutPath(location.pathname)) return <NotFoundPage />;
  if (!token) {
    if (location.pathname === '/') return <LandingPage />;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return (
    <PermissionProvider>
      <MainLayout />
    </PermissionProvider>
  );
}

import {
  lazyPage,
  NotFoundPage,
  PageSuspense,
  PermissionProvider,
  tokenAtom,
  usePermissions,
} from '@parta/shared';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { LandingPage } from '../pages/landing-page';
import { isLayoutPath } from '../remotes/remote-map';
import { MainLayout } from './main-layout';

// Drawn only while a one-time password is unchanged: a signed-in first screen neither loads nor
// evaluates it (its form brings @mantine/form and the contracts' zod, a tenth of a second on a phone).
const PasswordChangePage = lazyPage(() => import('../pages/password-change-page'), 'PasswordChangePage');

/** The layout of a signed-in user, or only the password change while a one-time password is unchanged. */
function SignedInLayout({ notFound }: { notFound: boolean }) {
  const { user } = usePermissions();
  if (user?.password_change_required) {
    return (
      <PageSuspense>
        <PasswordChangePage />
      </PageSuspense>
    );
  }
  return <MainLayout>{notFound ? <NotFoundPage /> : undefined}</MainLayout>;
}

/**
 * Decides what a path outside /login, /access and /payment-required gets: the public landing page
 * or /login without a token (an unknown path: the bare 404), and the main layout, which loads the
 * current user, otherwise; a signed-in user on an unknown path keeps the menu and top bar around the 404.
 */
export function LayoutGate() {
  const location = useLocation();
  const token = useAtomValue(tokenAtom);
  const known = isLayoutPath(location.pathname);
  if (!token) {
    if (!known) return <NotFoundPage />;
    if (location.pathname === '/') return <LandingPage />;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return (
    <PermissionProvider>
      <SignedInLayout notFound={!known} />
    </PermissionProvider>
  );
}

import { lazyPage, PageSuspense } from '@parta/shared';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LayoutGate } from '../layout/layout-gate';
import { AccessDeniedPage } from '../pages/access-denied-page';
import { LoginPage } from '../pages/login-page';
import { PaymentRequiredPage } from '../pages/payment-required-page';
import { RemoteRoute } from '../remotes/remote-route';

// Screens after sign-in load on first visit: the login page carries only what it shows.
const DashboardPage = lazyPage(() => import('../pages/dashboard-page'), 'DashboardPage');
const ProfilePage = lazyPage(() => import('../pages/profile-page'), 'ProfilePage');
const NotificationSettingsPage = lazyPage(
  () => import('../pages/notification-settings-page'),
  'NotificationSettingsPage',
);

/**
 * Routes of SPEC §2. Host screens are explicit; every other layout path goes to the remote that owns
 * its first segment, under a root-level splat so the remote's relative paths match from the root.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/access" element={<AccessDeniedPage />} />
      <Route path="/payment-required" element={<PaymentRequiredPage />} />
      <Route element={<LayoutGate />}>
        {/* Visitors get the public landing page from LayoutGate; signed-in users start at the dashboard. */}
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route
          path="dashboard"
          element={
            <PageSuspense>
              <DashboardPage />
            </PageSuspense>
          }
        />
        <Route
          path="profile"
          element={
            <PageSuspense>
              <ProfilePage />
            </PageSuspense>
          }
        />
        <Route
          path="notifications/settings"
          element={
            <PageSuspense>
              <NotificationSettingsPage />
            </PageSuspense>
          }
        />
        <Route path="*" element={<RemoteRoute />} />
      </Route>
    </Routes>
  );
}

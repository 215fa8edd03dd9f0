import { Navigate, Route, Routes } from 'react-router-dom';
import { LayoutGate } from '../layout/layout-gate';
import { AccessDeniedPage } from '../pages/access-denied-page';
import { DashboardPage } from '../pages/dashboard-page';
import { LoginPage } from '../pages/login-page';
import { PaymentRequiredPage } from '../pages/payment-required-page';
import { ProfilePage } from '../pages/profile-page';
import { RemoteRoute } from '../remotes/remote-route';

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
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<RemoteRoute />} />
      </Route>
    </Routes>
  );
}

import { BuildLabel, lazyPage, NotFoundPage, PageSuspense } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';

// Each screen's code loads when it is first opened (lazyPage).
const ApplicationPage = lazyPage(() => import('./pages/application-page'), 'ApplicationPage');
const ApplicationsPage = lazyPage(() => import('./pages/applications-page'), 'ApplicationsPage');
const DictionariesPage = lazyPage(() => import('./pages/dictionaries-page'), 'DictionariesPage');
const OrganizationPage = lazyPage(() => import('./pages/organization-page'), 'OrganizationPage');
const OrganizationsPage = lazyPage(() => import('./pages/organizations-page'), 'OrganizationsPage');

/**
 * The screens of remote-admin (SPEC §2 organizations, applications), paths relative to the host's
 * layout root. The host guards them by organizations.create; the server checks again on every call.
 */
export default function AdminRoutes() {
  return (
    <>
      <PageSuspense>
        <Routes>
          <Route path="organizations" element={<OrganizationsPage />} />
          <Route path="organizations/dictionaries" element={<DictionariesPage />} />
          <Route path="organizations/:id" element={<OrganizationPage />} />
          <Route path="applications" element={<ApplicationsPage />} />
          <Route path="applications/:id" element={<ApplicationPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </PageSuspense>
      {/* The vendor deploys this module on its own: the label shows which build a school runs. */}
      <BuildLabel label={process.env.PARTA_BUILD_LABEL} />
    </>
  );
}

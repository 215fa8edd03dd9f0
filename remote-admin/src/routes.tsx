import { BuildLabel, NotFoundPage } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';
import { ApplicationPage } from './pages/application-page';
import { ApplicationsPage } from './pages/applications-page';
import { DictionariesPage } from './pages/dictionaries-page';
import { OrganizationPage } from './pages/organization-page';
import { OrganizationsPage } from './pages/organizations-page';

/**
 * The screens of remote-admin (SPEC §2 organizations, applications), paths relative to the host's
 * layout root. The host guards them by organizations.create; the server checks again on every call.
 */
export default function AdminRoutes() {
  return (
    <>
      <Routes>
        <Route path="organizations" element={<OrganizationsPage />} />
        <Route path="organizations/dictionaries" element={<DictionariesPage />} />
        <Route path="organizations/:id" element={<OrganizationPage />} />
        <Route path="applications" element={<ApplicationsPage />} />
        <Route path="applications/:id" element={<ApplicationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {/* The vendor deploys this module on its own: the label shows which build a school runs. */}
      <BuildLabel label={process.env.PARTA_BUILD_LABEL} />
    </>
  );
}

import { lazyPage, NotFoundPage, PageSuspense } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';

// Each screen's code loads when it is first opened (lazyPage).
const AvailabilityPage = lazyPage(() => import('./pages/availability-page'), 'AvailabilityPage');
const BellPage = lazyPage(() => import('./pages/bell-page'), 'BellPage');
const BellsPage = lazyPage(() => import('./pages/bells-page'), 'BellsPage');
const GeneratorPage = lazyPage(() => import('./pages/generator-page'), 'GeneratorPage');
const ImportsPage = lazyPage(() => import('./pages/imports-page'), 'ImportsPage');
const LoadPage = lazyPage(() => import('./pages/load-page'), 'LoadPage');
const PeriodsPage = lazyPage(() => import('./pages/periods-page'), 'PeriodsPage');
const RoomsPage = lazyPage(() => import('./pages/rooms-page'), 'RoomsPage');
const SettingsPage = lazyPage(() => import('./pages/settings-page'), 'SettingsPage');
const SubstitutionsPage = lazyPage(() => import('./pages/substitutions-page'), 'SubstitutionsPage');
const SubjectsPage = lazyPage(() => import('./pages/subjects-page'), 'SubjectsPage');
const TemplatePage = lazyPage(() => import('./pages/template-page'), 'TemplatePage');
const TimetableCreatePage = lazyPage(() => import('./pages/timetable-create-page'), 'TimetableCreatePage');
const TimetablePage = lazyPage(() => import('./pages/timetable-page'), 'TimetablePage');

/**
 * The screens of remote-timetable (SPEC §2), paths relative to the host's layout root. The host
 * guards each path by its key; the server checks again on every call.
 */
export default function TimetableRoutes() {
  return (
    <PageSuspense>
      <Routes>
        <Route path="organization/settings" element={<SettingsPage />} />
        <Route path="subject" element={<SubjectsPage />} />
        <Route path="bells" element={<BellsPage />} />
        <Route path="bells/create" element={<BellPage creating />} />
        <Route path="bells/:id" element={<BellPage />} />
        <Route path="periods" element={<PeriodsPage />} />
        <Route path="load" element={<LoadPage />} />
        <Route path="timetable" element={<TimetablePage />} />
        <Route path="timetable/templates/:id" element={<TemplatePage />} />
        <Route path="timetable/create/:id" element={<TimetableCreatePage />} />
        <Route path="timetable/rooms" element={<RoomsPage />} />
        <Route path="timetable/availability" element={<AvailabilityPage />} />
        <Route path="timetable/generate" element={<GeneratorPage />} />
        <Route path="timetable/substitutions" element={<SubstitutionsPage />} />
        <Route path="imports" element={<ImportsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PageSuspense>
  );
}

import { NotFoundPage } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';
import { AvailabilityPage } from './pages/availability-page';
import { BellPage } from './pages/bell-page';
import { BellsPage } from './pages/bells-page';
import { GeneratorPage } from './pages/generator-page';
import { LoadPage } from './pages/load-page';
import { PeriodsPage } from './pages/periods-page';
import { RoomsPage } from './pages/rooms-page';
import { SettingsPage } from './pages/settings-page';
import { SubjectsPage } from './pages/subjects-page';
import { TemplatePage } from './pages/template-page';
import { TimetableCreatePage } from './pages/timetable-create-page';
import { TimetablePage } from './pages/timetable-page';

/**
 * The screens of remote-timetable (SPEC §2), paths relative to the host's layout root. The host
 * guards each path by its key; the server checks again on every call.
 */
export default function TimetableRoutes() {
  return (
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
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

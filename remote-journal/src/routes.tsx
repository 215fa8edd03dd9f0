import { PlaceholderRoutes, type PlannedScreen } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';
import { AcademicPerformancePage } from './pages/academic-performance-page';
import { ClassificationPage } from './pages/classification-page';
import { DiaryPage } from './pages/diary-page';
import { JournalCompletionPage } from './pages/journal-completion-page';
import { KtpEditPage } from './pages/ktp-edit-page';
import { KtpListPage } from './pages/ktp-list-page';
import { ReportsPage } from './pages/reports-page';

/** Screens of this remote not built yet (SPEC §2), paths relative to the layout root. */
const SCREENS: PlannedScreen[] = [
  { path: 'journal', title: 'Журнал' },
  { path: 'journal/final', title: 'Итоговые оценки' },
  { path: 'journal/topics', title: 'Темы уроков' },
  { path: 'journal/attendance', title: 'Посещаемость' },
  { path: 'journal/:groupId/:loadId', title: 'Журнал' },
];

/** The module this remote exposes as `./routes`: built screens first, the rest as placeholders. */
export default function JournalRoutes() {
  return (
    <Routes>
      <Route path="ktp" element={<KtpListPage />} />
      <Route path="ktp/:id" element={<KtpEditPage />} />
      <Route path="reports" element={<ReportsPage />} />
      <Route path="reports/classification" element={<ClassificationPage />} />
      <Route path="reports/academic-performance" element={<AcademicPerformancePage />} />
      <Route path="reports/journal-completion" element={<JournalCompletionPage />} />
      <Route path="diary" element={<DiaryPage />} />
      <Route
        path="*"
        element={<PlaceholderRoutes screens={SCREENS} buildLabel={process.env.PARTA_BUILD_LABEL} />}
      />
    </Routes>
  );
}

import { NotFoundPage, type PlannedScreen, ScreenPlaceholder } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';
import { AttendancePage } from './pages/attendance-page';
import { FinalMarksPage } from './pages/final-marks-page';
import { JournalIndexPage } from './pages/journal-index-page';
import { JournalPage } from './pages/journal-page';
import { TopicsPage } from './pages/topics-page';

/** Screens of this remote still being built (SPEC §2), paths relative to the layout root. */
const PLANNED: PlannedScreen[] = [
  { path: 'ktp', title: 'КТП' },
  { path: 'ktp/:id', title: 'Редактирование КТП' },
  { path: 'reports', title: 'Отчёты' },
  { path: 'reports/classification', title: 'Классификация учащихся' },
  { path: 'reports/academic-performance', title: 'Академическая успеваемость' },
  { path: 'reports/journal-completion', title: 'Заполняемость журнала' },
  { path: 'diary', title: 'Дневник' },
];

/** The module this remote exposes as `./routes`. */
export default function JournalRoutes() {
  return (
    <Routes>
      <Route path="journal" element={<JournalIndexPage />} />
      <Route path="journal/final" element={<FinalMarksPage />} />
      <Route path="journal/topics" element={<TopicsPage />} />
      <Route path="journal/attendance" element={<AttendancePage />} />
      <Route path="journal/:groupId/:loadId" element={<JournalPage />} />
      {PLANNED.map((screen) => (
        <Route
          key={screen.path}
          path={screen.path}
          element={<ScreenPlaceholder title={screen.title} buildLabel={process.env.PARTA_BUILD_LABEL} />}
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

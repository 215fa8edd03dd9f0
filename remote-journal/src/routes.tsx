import { NotFoundPage } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';
import { AcademicPerformancePage } from './pages/academic-performance-page';
import { AttendancePage } from './pages/attendance-page';
import { ClassificationPage } from './pages/classification-page';
import { DiaryPage } from './pages/diary-page';
import { FinalMarksPage } from './pages/final-marks-page';
import { JournalCompletionPage } from './pages/journal-completion-page';
import { JournalIndexPage } from './pages/journal-index-page';
import { JournalPage } from './pages/journal-page';
import { KtpEditPage } from './pages/ktp-edit-page';
import { KtpListPage } from './pages/ktp-list-page';
import { ReportsPage } from './pages/reports-page';
import { TopicsPage } from './pages/topics-page';
/** The module this remote exposes as `./routes`: the journal, КТП, reports and the diary (SPEC §2). */
export default function JournalRoutes() {
  return (
    <Routes>
      <Route path="journal" element={<JournalIndexPage />} />
      <Route path="journal/final" element={<FinalMarksPage />} />
      <Route path="journal/topics" element={<TopicsPage />} />
      <Route path="journal/attendance" element={<AttendancePage />} />
      <Route path="journal/:groupId/:loadId" element={<JournalPage />} />
      <Route path="ktp" element={<KtpListPage />} />
      <Route path="ktp/:id" element={<KtpEditPage />} />
      <Route path="reports" element={<ReportsPage />} />
      <Route path="reports/classification" element={<ClassificationPage />} />
      <Route path="reports/academic-performance" element={<AcademicPerformancePage />} />
      <Route path="reports/journal-completion" element={<JournalCompletionPage />} />
      <Route path="diary" element={<DiaryPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

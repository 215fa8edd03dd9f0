import { lazyPage, NotFoundPage, PageSuspense } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';

// Each screen's code loads when it is first opened (lazyPage).
const AcademicPerformancePage = lazyPage(
  () => import('./pages/academic-performance-page'),
  'AcademicPerformancePage',
);
const ArchivePage = lazyPage(() => import('./pages/archive-page'), 'ArchivePage');
const AttendancePage = lazyPage(() => import('./pages/attendance-page'), 'AttendancePage');
const ClassificationPage = lazyPage(() => import('./pages/classification-page'), 'ClassificationPage');
const CourseJournalPage = lazyPage(() => import('./pages/course-journal-page'), 'CourseJournalPage');
const DiaryPage = lazyPage(() => import('./pages/diary-page'), 'DiaryPage');
const ExtracurricularPage = lazyPage(() => import('./pages/extracurricular-page'), 'ExtracurricularPage');
const ExtracurricularReportPage = lazyPage(
  () => import('./pages/extracurricular-report-page'),
  'ExtracurricularReportPage',
);
const FinalMarksPage = lazyPage(() => import('./pages/final-marks-page'), 'FinalMarksPage');
const JournalCompletionPage = lazyPage(
  () => import('./pages/journal-completion-page'),
  'JournalCompletionPage',
);
const JournalIndexPage = lazyPage(() => import('./pages/journal-index-page'), 'JournalIndexPage');
const JournalPage = lazyPage(() => import('./pages/journal-page'), 'JournalPage');
const KtpEditPage = lazyPage(() => import('./pages/ktp-edit-page'), 'KtpEditPage');
const KtpListPage = lazyPage(() => import('./pages/ktp-list-page'), 'KtpListPage');
const ReportsPage = lazyPage(() => import('./pages/reports-page'), 'ReportsPage');
const TopicsPage = lazyPage(() => import('./pages/topics-page'), 'TopicsPage');

/** The module this remote exposes as `./routes`: the journal, КТП, reports and the diary (SPEC §2). */
export default function JournalRoutes() {
  return (
    <PageSuspense>
      <Routes>
        <Route path="journal" element={<JournalIndexPage />} />
        <Route path="journal/final" element={<FinalMarksPage />} />
        <Route path="journal/topics" element={<TopicsPage />} />
        <Route path="journal/attendance" element={<AttendancePage />} />
        <Route path="journal/archive" element={<ArchivePage />} />
        <Route path="journal/extracurricular" element={<ExtracurricularPage />} />
        <Route path="journal/extracurricular/report" element={<ExtracurricularReportPage />} />
        <Route path="journal/extracurricular/:id" element={<CourseJournalPage />} />
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
    </PageSuspense>
  );
}

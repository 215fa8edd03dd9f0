import { lazyPage, NotFoundPage, PageSuspense } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';

// Each screen's code loads when it is first opened (lazyPage).
const ClassEditPage = lazyPage(() => import('./pages/class-edit-page'), 'ClassEditPage');
const ClassesPage = lazyPage(() => import('./pages/classes-page'), 'ClassesPage');
const StudentEditPage = lazyPage(() => import('./pages/student-edit-page'), 'StudentEditPage');
const StudentsPage = lazyPage(() => import('./pages/students-page'), 'StudentsPage');
const SubgroupsPage = lazyPage(() => import('./pages/subgroups-page'), 'SubgroupsPage');
const UserEditPage = lazyPage(() => import('./pages/user-edit-page'), 'UserEditPage');
const UsersPage = lazyPage(() => import('./pages/users-page'), 'UsersPage');

/**
 * The screens of remote-people (SPEC §2), paths relative to the host's layout root. The host guards
 * each path by its key; the server checks again on every call.
 */
export default function PeopleRoutes() {
  return (
    <PageSuspense>
      <Routes>
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:id/edit" element={<UserEditPage />} />
        <Route path="student" element={<StudentsPage />} />
        <Route path="student/subgroups" element={<SubgroupsPage />} />
        <Route path="student/:id" element={<StudentEditPage />} />
        <Route path="class" element={<ClassesPage />} />
        <Route path="class/:id/edit" element={<ClassEditPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PageSuspense>
  );
}

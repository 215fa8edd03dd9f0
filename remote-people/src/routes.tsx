import { NotFoundPage } from '@parta/shared';
import { Route, Routes } from 'react-router-dom';
import { ClassEditPage } from './pages/class-edit-page';
import { ClassesPage } from './pages/classes-page';
import { StudentEditPage } from './pages/student-edit-page';
import { StudentsPage } from './pages/students-page';
import { SubgroupsPage } from './pages/subgroups-page';
import { UserEditPage } from './pages/user-edit-page';
import { UsersPage } from './pages/users-page';

/**
 * The screens of remote-people (SPEC §2), paths relative to the host's layout root. The host guards
 * each path by its key; the server checks again on every call.
 */
export default function PeopleRoutes() {
  return (
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
  );
}

import type { ResetPasswordResult } from '@parta/shared/domain/contracts/users';
import type { Database } from '../../db/client';
import { type Actor, can } from '../../plugins/auth';
import { conflict, forbidden, notFound } from '../../plugins/errors';
import { issueOneTimePassword } from '../auth/auth.service';
import { findStudent } from './students.repository';

export const ACCOUNT_RESET_FORBIDDEN =
  'Новый пароль ученику и его родителям выдаёт классный руководитель этого класса или завуч';

type AccountReset = ResetPasswordResult['data'];

/**
 * The student as a class teacher of the student's class or a завуч (classes.edit) sees it: another
 * class's teacher gets 403, a student outside the caller's schools 404 like a missing one.
 */
async function studentOfMyClass(db: Database, actor: Actor, studentId: number) {
  const managerId = can(actor, 'classes.edit') ? null : actor.userId;
  const student = await findStudent(db, actor, studentId, managerId);
  if (student) return student;
  if (managerId !== null && (await findStudent(db, actor, studentId, null))) {
    throw forbidden(ACCOUNT_RESET_FORBIDDEN);
  }
  throw notFound('Ученик не найден');
}

/** POST /api/students/{id}/reset-password: a new one-time password for the pupil's diary sign-in. */
export async function resetStudentPassword(
  db: Database,
  actor: Actor,
  studentId: number,
): Promise<AccountReset> {
  const student = await studentOfMyClass(db, actor, studentId);
  if (student.userId === null || !student.login) throw conflict('У ученика ещё нет входа в дневник');
  return {
    id: student.userId,
    login: student.login,
    password: await issueOneTimePassword(db, student.userId),
  };
}

/** POST /api/students/{id}/parents/{userId}/reset-password: a new one-time password for one of the pupil's parents. */
export async function resetParentPassword(
  db: Database,
  actor: Actor,
  studentId: number,
  parentUserId: number,
): Promise<AccountReset> {
  const student = await studentOfMyClass(db, actor, studentId);
  const parent = student.parents.find((candidate) => candidate.id === parentUserId);
  if (!parent) throw notFound('Родитель не найден');
  return { id: parent.id, login: parent.login, password: await issueOneTimePassword(db, parent.id) };
}

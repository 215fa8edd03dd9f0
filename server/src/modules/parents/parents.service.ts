import type {
  ParentCreated,
  ParentInputParsed,
  ParentOption,
  StudentParent,
} from '@parta/shared/domain/contracts/people';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound } from '../../plugins/errors';
import { generatePassword, hashPassword } from '../auth/auth.service';
import { getStudent } from '../students/students.service';
import { createAccount, freeLoginFor } from '../users/users.service';
import {
  findChildrenOfParents,
  findParentUser,
  isLinked,
  linkParent,
  searchParents,
  unlinkParent,
} from './parents.repository';

const PARENT_NOT_FOUND = 'Родитель не найден';

/** GET /api/students/parents: parents of the caller's schools, to link a sibling's parent. */
export async function findParents(db: Database, actor: Actor, search: string): Promise<ParentOption[]> {
  const parents = await searchParents(db, actor, search);
  const children = await findChildrenOfParents(
    db,
    parents.map((parent) => parent.id),
  );
  return parents.map((parent) => ({ ...parent, children: children.get(parent.id) ?? [] }));
}

/** POST /api/students/{id}/parents: a new parent with a diary login, linked to the student. */
export async function createParent(
  db: Database,
  actor: Actor,
  studentId: number,
  input: ParentInputParsed,
): Promise<ParentCreated> {
  const student = await getStudent(db, actor, studentId, true);
  const login = await freeLoginFor(db, input);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const id = await db.transaction(async (tx) => {
    const userId = await createAccount(
      tx,
      { organizationId: student.organization_id, ...input, login, passwordHash },
      'parent',
    );
    await linkParent(tx, { organizationId: student.organization_id, studentId, parentUserId: userId });
    return userId;
  });
  const { surname, name, patronymic, phone } = input;
  return { data: { id, surname, name, patronymic, phone, login }, login, password };
}

/** PUT /api/students/{id}/parents/{userId}: links a parent already known to the school (a sibling's). */
export async function attachParent(
  db: Database,
  actor: Actor,
  studentId: number,
  parentUserId: number,
): Promise<StudentParent> {
  const student = await getStudent(db, actor, studentId, true);
  // A parent of the student's own organization only: families do not cross schools through this card.
  const parent = await findParentUser(db, actor, parentUserId, student.organization_id);
  if (!parent) throw notFound(PARENT_NOT_FOUND);
  if (await isLinked(db, studentId, parentUserId)) throw conflict('Этот родитель уже привязан к ученику');
  await linkParent(db, { organizationId: student.organization_id, studentId, parentUserId });
  return parent;
}

/** DELETE /api/students/{id}/parents/{userId}: unlinks; a parent with no child left can no longer sign in. */
export async function detachParent(db: Database, actor: Actor, studentId: number, parentUserId: number) {
  await getStudent(db, actor, studentId, true);
  if (!(await isLinked(db, studentId, parentUserId))) throw notFound(PARENT_NOT_FOUND);
  await unlinkParent(db, studentId, parentUserId);
}

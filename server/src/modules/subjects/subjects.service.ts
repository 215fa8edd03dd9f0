import type { Subject, SubjectInputParsed } from '@parta/shared/domain/contracts/timetable';
import { targetOrganization } from '../../access/organization';
import { findInScope, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { subjects } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { conflict } from '../../plugins/errors';
import {
  deleteSubject,
  findSubjectByName,
  findSubjects,
  insertSubject,
  isSubjectUsed,
  updateSubject,
} from './subjects.repository';

const NOT_FOUND = 'Предмет не найден';
const DUPLICATE = 'Предмет с таким названием уже есть';

/** GET /api/subject: subjects of the caller's tree, or of one organization of it. */
export function listSubjects(db: Database, actor: Actor, organizationId?: number): Promise<Subject[]> {
  return findSubjects(db, scopeFilter(actor, subjects.organizationId, organizationId));
}

export async function createSubject(db: Database, actor: Actor, input: SubjectInputParsed): Promise<Subject> {
  const organizationId = targetOrganization(actor, input.organization_id);
  if (await findSubjectByName(db, organizationId, input.name)) throw conflict(DUPLICATE);
  return insertSubject(db, {
    organizationId,
    name: input.name,
    shortName: input.short_name,
    rank: input.rank,
  });
}

export async function changeSubject(
  db: Database,
  actor: Actor,
  id: number,
  input: SubjectInputParsed,
): Promise<Subject> {
  const subject = await findInScope(db, actor, subjects, id, NOT_FOUND);
  if (await findSubjectByName(db, subject.organizationId, input.name, id)) throw conflict(DUPLICATE);
  return updateSubject(db, id, {
    name: input.name,
    shortName: input.short_name,
    rank: input.rank,
    archived: input.archived,
  });
}

/** Deletes an unused subject; one the load or lessons use is archived instead (nothing entered is lost). */
export async function removeSubject(db: Database, actor: Actor, id: number) {
  await findInScope(db, actor, subjects, id, NOT_FOUND);
  if (await isSubjectUsed(db, id)) {
    await updateSubject(db, id, { archived: true });
    return { message: 'Предмет используется в нагрузке или уроках и перенесён в архив', archived: true };
  }
  await deleteSubject(db, id);
  return { message: 'Предмет удалён', archived: false };
}

import type {
  Availability,
  AvailabilityInputParsed,
  AvailabilityQuery,
} from '@parta/shared/domain/contracts/timetable-generator';
import { eq } from 'drizzle-orm';
import { findInScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { classes, unavailableCells, users } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { findUnavailableCells, replaceUnavailableCells } from './availability.repository';

const TEACHER_NOT_FOUND = 'Учитель не найден';
const CLASS_NOT_FOUND = 'Класс не найден';

/** The teacher (a staff member) or the class the request names, within the caller's scope (404 otherwise). */
async function ownerInScope(db: Database, actor: Actor, query: { teacher_id?: number; group_id?: number }) {
  if (query.teacher_id !== undefined) {
    const user = await findInScope(db, actor, users, query.teacher_id, TEACHER_NOT_FOUND);
    if (user.kind !== 'staff') throw notFound(TEACHER_NOT_FOUND);
    return { organizationId: user.organizationId, teacherId: user.id, classId: null };
  }
  const row = await findInScope(db, actor, classes, query.group_id ?? 0, CLASS_NOT_FOUND);
  return { organizationId: row.organizationId, teacherId: null, classId: row.id };
}

async function read(db: Database, owner: { teacherId: number | null; classId: number | null }) {
  const cells = await findUnavailableCells(
    db,
    owner.teacherId !== null
      ? eq(unavailableCells.teacherId, owner.teacherId)
      : eq(unavailableCells.classId, owner.classId ?? 0),
  );
  return {
    teacher_id: owner.teacherId,
    group_id: owner.classId,
    unavailable: cells.map((cell) => ({ weekday: cell.weekday, lesson_number: cell.lessonNumber })),
  };
}

/** GET /api/timetable/availability: the cells a teacher or a class is not available in. */
export async function getAvailability(
  db: Database,
  actor: Actor,
  query: AvailabilityQuery,
): Promise<Availability> {
  return read(db, await ownerInScope(db, actor, query));
}

/** PUT /api/timetable/availability: replaces the whole set of one teacher's or class's cells. */
export async function setAvailability(
  db: Database,
  actor: Actor,
  input: AvailabilityInputParsed,
): Promise<Availability> {
  const owner = await ownerInScope(db, actor, input);
  await replaceUnavailableCells(
    db,
    owner.organizationId,
    { teacherId: owner.teacherId, classId: owner.classId },
    input.unavailable.map((cell) => ({ weekday: cell.weekday, lessonNumber: cell.lesson_number })),
  );
  return read(db, owner);
}

/** Every unavailable cell of one organization's teachers and classes (the timetable generator's input). */
export function unavailableOfOrganization(db: Database, organizationId: number) {
  return findUnavailableCells(db, eq(unavailableCells.organizationId, organizationId));
}

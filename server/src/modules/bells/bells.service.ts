import type { BellSchedule, BellScheduleInputParsed } from '@parta/shared/domain/contracts/timetable';
import { and, eq } from 'drizzle-orm';
import { targetOrganization } from '../../access/organization';
import { findInScope, inScope, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { bellSchedules } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound } from '../../plugins/errors';
import {
  deleteBellSchedule,
  findBellSchedules,
  isUsedByTemplate,
  saveBellSchedule,
} from './bells.repository';

const NOT_FOUND = 'Расписание звонков не найдено';

/** GET /api/bell: the schedules of the caller's tree (or one organization of it). */
export function listBellSchedules(
  db: Database,
  actor: Actor,
  organizationId?: number,
): Promise<BellSchedule[]> {
  return findBellSchedules(db, scopeFilter(actor, bellSchedules.organizationId, organizationId));
}

export async function getBellSchedule(db: Database, actor: Actor, id: number): Promise<BellSchedule> {
  const [schedule] = await findBellSchedules(
    db,
    and(eq(bellSchedules.id, id), inScope(actor, bellSchedules.organizationId)),
  );
  if (!schedule) throw notFound(NOT_FOUND);
  return schedule;
}

function values(input: BellScheduleInputParsed) {
  return { name: input.name, isDefault: input.is_default, grades: input.grades, lessons: input.lessons };
}

export async function createBellSchedule(
  db: Database,
  actor: Actor,
  input: BellScheduleInputParsed,
): Promise<BellSchedule> {
  const organizationId = targetOrganization(actor, input.organization_id);
  const id = await saveBellSchedule(db, organizationId, values(input));
  return getBellSchedule(db, actor, id);
}

export async function updateBellSchedule(
  db: Database,
  actor: Actor,
  id: number,
  input: BellScheduleInputParsed,
): Promise<BellSchedule> {
  const schedule = await findInScope(db, actor, bellSchedules, id, NOT_FOUND);
  await saveBellSchedule(db, schedule.organizationId, values(input), id);
  return getBellSchedule(db, actor, id);
}

/** Deletes a schedule no timetable template uses (dated lessons keep their copied times). */
export async function removeBellSchedule(db: Database, actor: Actor, id: number) {
  await findInScope(db, actor, bellSchedules, id, NOT_FOUND);
  if (await isUsedByTemplate(db, id)) {
    throw conflict('Расписание звонков используется в шаблоне расписания: сначала выберите в шаблоне другое');
  }
  await deleteBellSchedule(db, id);
}

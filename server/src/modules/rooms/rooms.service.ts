import type { Room, RoomInputParsed } from '@parta/shared/domain/contracts/timetable-generator';
import { joinedTeacherName } from '@parta/shared/domain/names';
import { and, eq } from 'drizzle-orm';
import { targetOrganization } from '../../access/organization';
import { findInScope, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { rooms } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { isStaffOf } from '../users/users.service';
import {
  deleteRoom,
  findRoomByName,
  findRooms,
  insertRoom,
  type RoomRow,
  updateRoom,
} from './rooms.repository';

const NOT_FOUND = 'Кабинет не найден';

function toRoom(row: RoomRow): Room {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    capacity: row.capacity,
    kind: row.kind,
    teacher_id: row.teacher_id,
    teacher_name: joinedTeacherName(row),
  };
}

/** GET /api/timetable/rooms: rooms of the caller's tree, or of one organization of it. */
export async function listRooms(db: Database, actor: Actor, organizationId?: number): Promise<Room[]> {
  return (await findRooms(db, scopeFilter(actor, rooms.organizationId, organizationId))).map(toRoom);
}

/** Every room of one organization (the timetable generator's input). */
export async function roomsOfOrganization(db: Database, organizationId: number): Promise<Room[]> {
  return (await findRooms(db, eq(rooms.organizationId, organizationId))).map(toRoom);
}

async function getRoom(db: Database, actor: Actor, id: number): Promise<Room> {
  const [row] = await findRooms(db, and(eq(rooms.id, id), scopeFilter(actor, rooms.organizationId)));
  if (!row) throw notFound(NOT_FOUND);
  return toRoom(row);
}

/** The name is free in the organization and the teacher works there; 422 with the field otherwise. */
async function checkRoom(db: Database, organizationId: number, input: RoomInputParsed, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  if (await findRoomByName(db, organizationId, input.name, exceptId))
    errors.name = ['Кабинет с таким названием уже есть'];
  if (input.teacher_id !== null && !(await isStaffOf(db, input.teacher_id, organizationId)))
    errors.teacher_id = ['Учитель не найден в этой организации'];
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  return { name: input.name, capacity: input.capacity, kind: input.kind, teacherId: input.teacher_id };
}

export async function createRoom(db: Database, actor: Actor, input: RoomInputParsed): Promise<Room> {
  const organizationId = targetOrganization(actor, input.organization_id);
  const id = await insertRoom(db, organizationId, await checkRoom(db, organizationId, input));
  return getRoom(db, actor, id);
}

export async function changeRoom(
  db: Database,
  actor: Actor,
  id: number,
  input: RoomInputParsed,
): Promise<Room> {
  const room = await findInScope(db, actor, rooms, id, NOT_FOUND);
  await updateRoom(db, id, await checkRoom(db, room.organizationId, input, id));
  return getRoom(db, actor, id);
}

/** Deletes a room; load lines that required it no longer do. */
export async function removeRoom(db: Database, actor: Actor, id: number) {
  await findInScope(db, actor, rooms, id, NOT_FOUND);
  await deleteRoom(db, id);
}

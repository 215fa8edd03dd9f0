import type { RoomKind } from '@parta/shared/domain/timetable';
import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rooms, users } from '../../db/schema';

const roomColumns = {
  id: rooms.id,
  organization_id: rooms.organizationId,
  name: rooms.name,
  capacity: rooms.capacity,
  kind: rooms.kind,
  teacher_id: rooms.teacherId,
  teacherSurname: users.surname,
  teacherName: users.name,
  teacherPatronymic: users.patronymic,
};

/** Rooms matching `where` (the caller's scope), by name. */
export function findRooms(db: Database, where: SQL | undefined) {
  return db
    .select(roomColumns)
    .from(rooms)
    .leftJoin(users, eq(users.id, rooms.teacherId))
    .where(where)
    .orderBy(asc(rooms.name), asc(rooms.id));
}

export type RoomRow = Awaited<ReturnType<typeof findRooms>>[number];

export interface RoomValues {
  name: string;
  capacity: number | null;
  kind: RoomKind;
  teacherId: number | null;
}

/** Another room of the organization with that name, if any. */
export async function findRoomByName(db: Database, organizationId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.organizationId, organizationId),
        eq(rooms.name, name),
        exceptId === undefined ? undefined : ne(rooms.id, exceptId),
      ),
    );
  return row ?? null;
}

export async function insertRoom(db: Database, organizationId: number, values: RoomValues): Promise<number> {
  const [row] = await db
    .insert(rooms)
    .values({ organizationId, ...values })
    .returning({ id: rooms.id });
  return row.id;
}

export async function updateRoom(db: Database, id: number, values: RoomValues) {
  await db.update(rooms).set(values).where(eq(rooms.id, id));
}

export async function deleteRoom(db: Database, id: number) {
  await db.delete(rooms).where(eq(rooms.id, id));
}

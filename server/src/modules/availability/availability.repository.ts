import { asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { unavailableCells } from '../../db/schema';

/** Unavailable cells matching `where` (one teacher, one class, or a whole organization). */
export function findUnavailableCells(db: Database, where: SQL | undefined) {
  return db
    .select({
      teacherId: unavailableCells.teacherId,
      classId: unavailableCells.classId,
      weekday: unavailableCells.weekday,
      lessonNumber: unavailableCells.lessonNumber,
    })
    .from(unavailableCells)
    .where(where)
    .orderBy(asc(unavailableCells.weekday), asc(unavailableCells.lessonNumber));
}

/** Replaces the unavailable cells of one teacher or one class (in one transaction). */
export async function replaceUnavailableCells(
  db: Database,
  organizationId: number,
  owner: { teacherId: number | null; classId: number | null },
  cells: Array<{ weekday: number; lessonNumber: number }>,
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(unavailableCells)
      .where(
        owner.teacherId !== null
          ? eq(unavailableCells.teacherId, owner.teacherId)
          : eq(unavailableCells.classId, owner.classId ?? 0),
      );
    if (cells.length > 0)
      await tx.insert(unavailableCells).values(cells.map((cell) => ({ organizationId, ...owner, ...cell })));
  });
}

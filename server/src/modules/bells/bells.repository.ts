import { formatTime } from '@parta/shared/domain/timetable';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bellLessons, bellSchedules, timetableTemplates } from '../../db/schema';

export interface BellValues {
  name: string;
  isDefault: boolean;
  grades: number[];
  lessons: { number: number; start_time: string; end_time: string }[];
}

/** Bell schedules matching `where` with their lessons in order (times as `HH:MM`). */
export async function findBellSchedules(db: Database, where: SQL | undefined) {
  const schedules = await db
    .select({
      id: bellSchedules.id,
      organization_id: bellSchedules.organizationId,
      name: bellSchedules.name,
      is_default: bellSchedules.isDefault,
      grades: bellSchedules.grades,
    })
    .from(bellSchedules)
    .where(where)
    .orderBy(asc(bellSchedules.organizationId), asc(bellSchedules.isDefault), asc(bellSchedules.id));
  if (schedules.length === 0) return [];
  const lessonRows = await db
    .select({
      scheduleId: bellLessons.scheduleId,
      number: bellLessons.number,
      start_time: bellLessons.startTime,
      end_time: bellLessons.endTime,
    })
    .from(bellLessons)
    .where(
      inArray(
        bellLessons.scheduleId,
        schedules.map((schedule) => schedule.id),
      ),
    )
    .orderBy(asc(bellLessons.number));
  return schedules
    .sort(
      (a, b) =>
        a.organization_id - b.organization_id || Number(b.is_default) - Number(a.is_default) || a.id - b.id,
    )
    .map((schedule) => ({
      ...schedule,
      lessons: lessonRows
        .filter((lesson) => lesson.scheduleId === schedule.id)
        .map(({ number, start_time, end_time }) => ({
          number,
          start_time: formatTime(start_time),
          end_time: formatTime(end_time),
        })),
    }));
}

/** Creates or replaces a schedule and its lessons; a new default demotes the organization's old one. */
export async function saveBellSchedule(
  db: Database,
  organizationId: number,
  values: BellValues,
  id?: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    if (values.isDefault) {
      await tx
        .update(bellSchedules)
        .set({ isDefault: false })
        .where(
          and(
            eq(bellSchedules.organizationId, organizationId),
            id === undefined ? undefined : ne(bellSchedules.id, id),
          ),
        );
    }
    let scheduleId = id;
    const row = { name: values.name, isDefault: values.isDefault, grades: values.grades };
    if (scheduleId === undefined) {
      const [created] = await tx
        .insert(bellSchedules)
        .values({ organizationId, ...row })
        .returning({ id: bellSchedules.id });
      scheduleId = created.id;
    } else {
      await tx.update(bellSchedules).set(row).where(eq(bellSchedules.id, scheduleId));
      await tx.delete(bellLessons).where(eq(bellLessons.scheduleId, scheduleId));
    }
    await tx.insert(bellLessons).values(
      values.lessons.map((lesson) => ({
        organizationId,
        scheduleId: scheduleId!,
        number: lesson.number,
        startTime: lesson.start_time,
        endTime: lesson.end_time,
      })),
    );
    return scheduleId;
  });
}

export async function isUsedByTemplate(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: timetableTemplates.id })
    .from(timetableTemplates)
    .where(eq(timetableTemplates.bellScheduleId, id))
    .limit(1);
  return Boolean(row);
}

export async function deleteBellSchedule(db: Database, id: number) {
  await db.delete(bellSchedules).where(eq(bellSchedules.id, id));
}

import { formatTime } from '@parta/shared/domain/timetable';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  bellLessons,
  bellSchedules,
  classes,
  loads,
  periods,
  subgroups,
  subjects,
  timetableSlots,
  timetableTemplates,
  users,
} from '../../db/schema';
import { loadSubjectTeacherColumns } from '../loads/loads.sql';

// ---------------------------------------------------------------- templates

const templateColumns = {
  id: timetableTemplates.id,
  organization_id: timetableTemplates.organizationId,
  name: timetableTemplates.name,
  academic_year: timetableTemplates.academicYear,
  bell_schedule_id: timetableTemplates.bellScheduleId,
  active: timetableTemplates.active,
};

export async function findTemplates(db: Database, where: SQL | undefined) {
  const rows = await db
    .select({ ...templateColumns, slots_count: count(timetableSlots.id) })
    .from(timetableTemplates)
    .leftJoin(timetableSlots, eq(timetableSlots.templateId, timetableTemplates.id))
    .where(where)
    .groupBy(timetableTemplates.id)
    .orderBy(
      asc(timetableTemplates.organizationId),
      asc(timetableTemplates.name),
      asc(timetableTemplates.id),
    );
  return rows.map((row) => ({ ...row, slots_count: Number(row.slots_count) }));
}

export interface TemplateValues {
  name: string;
  academicYear: string;
  bellScheduleId: number | null;
  active: boolean;
}

export async function insertTemplate(db: Database, organizationId: number, values: TemplateValues) {
  const [row] = await db
    .insert(timetableTemplates)
    .values({ organizationId, ...values })
    .returning({ id: timetableTemplates.id });
  return row.id;
}

export async function updateTemplate(db: Database, id: number, values: TemplateValues) {
  await db.update(timetableTemplates).set(values).where(eq(timetableTemplates.id, id));
}

export async function deleteTemplate(db: Database, id: number) {
  await db.delete(timetableTemplates).where(eq(timetableTemplates.id, id));
}

/** A bell schedule of exactly that organization. */
export async function findBellScheduleOf(db: Database, id: number, organizationId: number) {
  const [row] = await db
    .select({ id: bellSchedules.id })
    .from(bellSchedules)
    .where(and(eq(bellSchedules.id, id), eq(bellSchedules.organizationId, organizationId)));
  return row ?? null;
}

// ---------------------------------------------------------------- slots

/** The template's slots with what the grid shows and the conflict check needs. */
export function findSlots(db: Database, templateId: number) {
  return db
    .select({
      id: timetableSlots.id,
      load_id: timetableSlots.loadId,
      group_id: timetableSlots.classId,
      grade: classes.number,
      letter: classes.letter,
      subgroup_id: timetableSlots.subgroupId,
      subgroup_name: subgroups.name,
      ...loadSubjectTeacherColumns,
      weekday: timetableSlots.weekday,
      lesson_number: timetableSlots.lessonNumber,
      room: timetableSlots.room,
    })
    .from(timetableSlots)
    .innerJoin(loads, eq(loads.id, timetableSlots.loadId))
    .innerJoin(classes, eq(classes.id, timetableSlots.classId))
    .innerJoin(subjects, eq(subjects.id, loads.subjectId))
    .leftJoin(subgroups, eq(subgroups.id, timetableSlots.subgroupId))
    .leftJoin(users, eq(users.id, loads.teacherId))
    .where(eq(timetableSlots.templateId, templateId))
    .orderBy(
      asc(timetableSlots.weekday),
      asc(timetableSlots.lessonNumber),
      asc(classes.number),
      asc(classes.letter),
    );
}

export type SlotRow = Awaited<ReturnType<typeof findSlots>>[number];

export async function insertSlots(
  db: Database,
  organizationId: number,
  rows: {
    templateId: number;
    loadId: number;
    classId: number;
    subgroupId: number | null;
    weekday: number;
    lessonNumber: number;
    room: string | null;
  }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 2000) {
    const inserted = await db
      .insert(timetableSlots)
      .values(rows.slice(i, i + 2000).map((row) => ({ organizationId, ...row })))
      .returning({ id: timetableSlots.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export async function deleteSlot(db: Database, templateId: number, slotId: number): Promise<boolean> {
  const deleted = await db
    .delete(timetableSlots)
    .where(and(eq(timetableSlots.id, slotId), eq(timetableSlots.templateId, templateId)))
    .returning({ id: timetableSlots.id });
  return deleted.length > 0;
}

/** A load line of exactly that organization with its class's grade. */
export async function findLoadOf(db: Database, loadId: number, organizationId: number) {
  const [row] = await db
    .select({
      id: loads.id,
      classId: loads.classId,
      subgroupId: loads.subgroupId,
      teacherId: loads.teacherId,
      grade: classes.number,
      letter: classes.letter,
    })
    .from(loads)
    .innerJoin(classes, eq(classes.id, loads.classId))
    .where(and(eq(loads.id, loadId), eq(loads.organizationId, organizationId)));
  return row ?? null;
}

// ---------------------------------------------------------------- bells

/** Every bell schedule of an organization with its lessons (times `HH:MM`). */
export async function findBellTimes(db: Database, organizationId: number) {
  const rows = await db
    .select({
      scheduleId: bellSchedules.id,
      isDefault: bellSchedules.isDefault,
      grades: bellSchedules.grades,
      number: bellLessons.number,
      startTime: bellLessons.startTime,
      endTime: bellLessons.endTime,
    })
    .from(bellSchedules)
    .innerJoin(bellLessons, eq(bellLessons.scheduleId, bellSchedules.id))
    .where(eq(bellSchedules.organizationId, organizationId))
    .orderBy(asc(bellSchedules.id), asc(bellLessons.number));
  return rows.map((row) => ({
    ...row,
    startTime: formatTime(row.startTime),
    endTime: formatTime(row.endTime),
  }));
}

// ---------------------------------------------------------------- the school year

/** The organization's periods of an academic year (what dates a class is taught on). */
export function findYearPeriods(db: Database, organizationId: number, academicYear: string) {
  return db
    .select({
      kind: periods.kind,
      startDate: periods.startDate,
      endDate: periods.endDate,
      grades: periods.grades,
    })
    .from(periods)
    .where(and(eq(periods.organizationId, organizationId), eq(periods.academicYear, academicYear)))
    .orderBy(asc(periods.startDate));
}

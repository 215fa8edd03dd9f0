import { formatTime } from '@parta/shared/domain/timetable';
import { and, asc, count, eq, exists, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attendance,
  bellLessons,
  bellSchedules,
  classes,
  lessons,
  loads,
  marks,
  students,
  subgroupMembers,
  subgroups,
  subjects,
  timetableSlots,
  timetables,
  timetableTemplates,
  users,
} from '../../db/schema';
import { loadSubjectTeacherColumns } from '../loads/loads.repository';

// ---------------------------------------------------------------- templates

const templateColumns = {
  id: timetableTemplates.id,
  organization_id: timetableTemplates.organizationId,
  name: timetableTemplates.name,
  academic_year: timetableTemplates.academicYear,
  bell_schedule_id: timetableTemplates.bellScheduleId,
  active: timetableTemplates.active,
};

export async function findTemplates(db: Db, where: SQL | undefined) {
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

export async function insertTemplate(db: Db, organizationId: number, values: TemplateValues) {
  const [row] = await db
    .insert(timetableTemplates)
    .values({ organizationId, ...values })
    .returning({ id: timetableTemplates.id });
  return row.id;
}

export async function updateTemplate(db: Db, id: number, values: TemplateValues) {
  await db.update(timetableTemplates).set(values).where(eq(timetableTemplates.id, id));
}

export async function deleteTemplate(db: Db, id: number) {
  await db.delete(timetableTemplates).where(eq(timetableTemplates.id, id));
}

/** A bell schedule of exactly that organization. */
export async function findBellScheduleOf(db: Db, id: number, organizationId: number) {
  const [row] = await db
    .select({ id: bellSchedules.id })
    .from(bellSchedules)
    .where(and(eq(bellSchedules.id, id), eq(bellSchedules.organizationId, organizationId)));
  return row ?? null;
}

// ---------------------------------------------------------------- slots

/** The template's slots with what the grid shows and the conflict check needs. */
export function findSlots(db: Db, templateId: number) {
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
  db: Db,
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

export async function deleteSlot(db: Db, templateId: number, slotId: number): Promise<boolean> {
  const deleted = await db
    .delete(timetableSlots)
    .where(and(eq(timetableSlots.id, slotId), eq(timetableSlots.templateId, templateId)))
    .returning({ id: timetableSlots.id });
  return deleted.length > 0;
}

/** A load line of exactly that organization with its class's grade. */
export async function findLoadOf(db: Db, loadId: number, organizationId: number) {
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
export async function findBellTimes(db: Db, organizationId: number) {
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

// ---------------------------------------------------------------- dated lessons

export interface LessonValues {
  classId: number;
  subgroupId: number | null;
  subjectId: number;
  teacherId: number | null;
  loadId: number | null;
  date: string;
  lessonNumber: number;
  startTime: string | null;
  endTime: string | null;
}

export async function insertTimetable(
  db: Db,
  values: {
    organizationId: number;
    templateId: number;
    periodId: number;
    startDate: string;
    endDate: string;
  },
) {
  const [row] = await db.insert(timetables).values(values).returning({ id: timetables.id });
  return row.id;
}

/**
 * Inserts dated lessons (a school year is tens of thousands of rows): each chunk goes as one JSON
 * parameter unpacked by json_to_recordset, far cheaper than thousands of bound parameters.
 */
export async function insertLessons(
  db: Db,
  organizationId: number,
  timetableId: number | null,
  rows: LessonValues[],
) {
  for (let i = 0; i < rows.length; i += 10_000) {
    const chunk = JSON.stringify(
      rows.slice(i, i + 10_000).map((row) => ({
        class_id: row.classId,
        subgroup_id: row.subgroupId,
        subject_id: row.subjectId,
        teacher_id: row.teacherId,
        load_id: row.loadId,
        date: row.date,
        lesson_number: row.lessonNumber,
        start_time: row.startTime,
        end_time: row.endTime,
      })),
    );
    await db.execute(sql`
      insert into lessons (organization_id, timetable_id, class_id, subgroup_id, subject_id, teacher_id, load_id,
        date, lesson_number, start_time, end_time)
      select ${organizationId}::int, ${timetableId}::int, r.class_id, r.subgroup_id, r.subject_id, r.teacher_id, r.load_id,
        r.date, r.lesson_number, r.start_time, r.end_time
      from json_to_recordset(${chunk}::json) as r(class_id int, subgroup_id int, subject_id int, teacher_id int,
        load_id int, date date, lesson_number smallint, start_time time, end_time time)`);
  }
}

/**
 * Lessons of the classes in a date range with whether anything was entered for them: marks,
 * attendance, a topic or homework, or a one-off change. Such lessons are never rewritten.
 */
export function findLessonsForApply(db: Db, classIds: number[], from: string, to: string) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: lessons.id,
      classId: lessons.classId,
      subgroupId: lessons.subgroupId,
      subjectId: lessons.subjectId,
      teacherId: lessons.teacherId,
      loadId: lessons.loadId,
      date: lessons.date,
      lessonNumber: lessons.lessonNumber,
      startTime: lessons.startTime,
      endTime: lessons.endTime,
      locked: sql<boolean>`(${lessons.status} <> 'scheduled' or ${lessons.topic} is not null or ${lessons.homework} is not null
        or ${exists(db.select({ one: sql`1` }).from(marks).where(eq(marks.lessonId, lessons.id)))}
        or ${exists(db.select({ one: sql`1` }).from(attendance).where(eq(attendance.lessonId, lessons.id)))})`,
    })
    .from(lessons)
    .where(and(inArray(lessons.classId, classIds), gte(lessons.date, from), lte(lessons.date, to)));
}

export async function updateLessonPlan(db: Db, id: number, values: Partial<LessonValues>) {
  await db.update(lessons).set(values).where(eq(lessons.id, id));
}

export async function deleteLessons(db: Db, ids: number[]) {
  for (let i = 0; i < ids.length; i += 5000) {
    await db.delete(lessons).where(inArray(lessons.id, ids.slice(i, i + 5000)));
  }
}

/** Dated lessons matching `where`, by date and lesson number. */
export function findLessons(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: lessons.id,
      organizationId: lessons.organizationId,
      date: lessons.date,
      lesson_number: lessons.lessonNumber,
      start_time: lessons.startTime,
      end_time: lessons.endTime,
      group_id: lessons.classId,
      number: classes.number,
      letter: classes.letter,
      subgroup_id: lessons.subgroupId,
      subgroup_name: subgroups.name,
      subject_id: lessons.subjectId,
      subject_name: subjects.name,
      teacher_id: lessons.teacherId,
      teacherSurname: users.surname,
      teacherName: users.name,
      teacherPatronymic: users.patronymic,
      original_teacher_id: lessons.originalTeacherId,
      load_id: lessons.loadId,
      topic: lessons.topic,
      homework: lessons.homework,
      status: lessons.status,
    })
    .from(lessons)
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .leftJoin(subgroups, eq(subgroups.id, lessons.subgroupId))
    .leftJoin(users, eq(users.id, lessons.teacherId))
    .where(where)
    .orderBy(
      asc(lessons.date),
      asc(lessons.lessonNumber),
      asc(classes.number),
      asc(classes.letter),
      asc(subgroups.name),
    );
}

export type LessonRow = Awaited<ReturnType<typeof findLessons>>[number];

/** Lessons of a class at a date and number that would share the room with a moved lesson. */
export function findClassLessonsAt(
  db: Db,
  classId: number,
  date: string,
  lessonNumber: number,
  exceptId: number,
) {
  return db
    .select({ id: lessons.id, subgroupId: lessons.subgroupId, teacherId: lessons.teacherId })
    .from(lessons)
    .where(
      and(
        eq(lessons.date, date),
        eq(lessons.lessonNumber, lessonNumber),
        sql`${lessons.status} <> 'cancelled'`,
        sql`${lessons.id} <> ${exceptId}`,
        eq(lessons.classId, classId),
      ),
    );
}

/** Lessons a teacher gives at a date and number (a replacement or a move must not double-book). */
export function findTeacherLessonsAt(
  db: Db,
  teacherId: number,
  date: string,
  lessonNumber: number,
  exceptId: number,
) {
  return db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        eq(lessons.teacherId, teacherId),
        eq(lessons.date, date),
        eq(lessons.lessonNumber, lessonNumber),
        sql`${lessons.status} <> 'cancelled'`,
        sql`${lessons.id} <> ${exceptId}`,
      ),
    );
}

export async function updateLesson(
  db: Db,
  id: number,
  values: Partial<{
    status: 'scheduled' | 'replaced' | 'moved' | 'cancelled';
    teacherId: number | null;
    originalTeacherId: number | null;
    date: string;
    lessonNumber: number;
    startTime: string | null;
    endTime: string | null;
  }>,
) {
  await db.update(lessons).set(values).where(eq(lessons.id, id));
}

/** The student record of a signed-in student and the subgroups they belong to. */
export async function findStudentOfUser(db: Db, userId: number) {
  const [student] = await db
    .select({ id: students.id, classId: students.classId })
    .from(students)
    .where(and(eq(students.userId, userId), eq(students.status, 'active')))
    .limit(1);
  if (!student?.classId) return null;
  const groups = await db
    .select({ subgroupId: subgroupMembers.subgroupId })
    .from(subgroupMembers)
    .where(eq(subgroupMembers.studentId, student.id));
  return { classId: student.classId, subgroupIds: groups.map((row) => row.subgroupId) };
}

/** The first date from `from` (up to `to`) on which `where` finds lessons. */
export async function findFirstLessonDate(db: Db, where: SQL | undefined, from: string, to: string) {
  const [row] = await db
    .select({ date: lessons.date })
    .from(lessons)
    .where(and(where, gte(lessons.date, from), lte(lessons.date, to)))
    .orderBy(asc(lessons.date))
    .limit(1);
  return row?.date ?? null;
}

/** Lessons of the class for the student: whole-class ones and those of the student's subgroups. */
export function studentLessonsCondition(student: {
  classId: number;
  subgroupIds: number[];
}): SQL | undefined {
  return and(
    eq(lessons.classId, student.classId),
    student.subgroupIds.length > 0
      ? or(sql`${lessons.subgroupId} is null`, inArray(lessons.subgroupId, student.subgroupIds))
      : sql`${lessons.subgroupId} is null`,
  );
}

/** An active user of exactly that organization (a replacement teacher comes from the same school). */
export async function findStaffMember(db: Db, userId: number, organizationId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId), eq(users.active, true)));
  return row ?? null;
}

export async function findClassGrade(db: Db, classId: number): Promise<number> {
  const [row] = await db.select({ number: classes.number }).from(classes).where(eq(classes.id, classId));
  return row.number;
}

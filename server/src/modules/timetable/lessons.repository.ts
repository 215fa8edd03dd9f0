import { and, asc, eq, exists, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  attendance,
  classes,
  ktpItems,
  lessons,
  marks,
  subgroups,
  subjects,
  timetables,
  users,
} from '../../db/schema';

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
  db: Database,
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

/** A lesson's place and teaching as a json_to_recordset record (snake_case, as the statements read it). */
function lessonRecord(row: LessonValues) {
  return {
    subgroup_id: row.subgroupId,
    subject_id: row.subjectId,
    teacher_id: row.teacherId,
    load_id: row.loadId,
    date: row.date,
    lesson_number: row.lessonNumber,
    start_time: row.startTime,
    end_time: row.endTime,
  };
}

/**
 * Inserts dated lessons (a school year is tens of thousands of rows): each chunk goes as one JSON
 * parameter unpacked by json_to_recordset, far cheaper than thousands of bound parameters.
 */
export async function insertLessons(
  db: Database,
  organizationId: number,
  timetableId: number | null,
  rows: LessonValues[],
) {
  for (let i = 0; i < rows.length; i += 10_000) {
    const chunk = JSON.stringify(
      rows.slice(i, i + 10_000).map((row) => ({ class_id: row.classId, ...lessonRecord(row) })),
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
 * Lessons of the classes in a date range with whether they hold anything a person entered: marks,
 * attendance, a topic or homework a teacher typed, or a one-off change. Such lessons are never
 * rewritten. A topic and homework exactly as the linked КТП item gives them are the plan's, not a
 * person's: that lesson belongs to the timetable and moves with it (the КТП is laid again after).
 */
export function findLessonsForApply(db: Database, classIds: number[], from: string, to: string) {
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
      ktpItemId: lessons.ktpItemId,
      locked: sql<boolean>`(${lessons.status} <> 'scheduled'
        or (${lessons.topic} is not null and (${ktpItems.id} is null or ${lessons.topic} is distinct from ${ktpItems.topic}))
        or (${lessons.homework} is not null and (${ktpItems.id} is null or ${lessons.homework} is distinct from ${ktpItems.homework}))
        or ${exists(db.select({ one: sql`1` }).from(marks).where(eq(marks.lessonId, lessons.id)))}
        or ${exists(db.select({ one: sql`1` }).from(attendance).where(eq(attendance.lessonId, lessons.id)))})`,
    })
    .from(lessons)
    .leftJoin(ktpItems, eq(ktpItems.id, lessons.ktpItemId))
    .where(and(inArray(lessons.classId, classIds), gte(lessons.date, from), lte(lessons.date, to)));
}
export type ApplyLessonRow = Awaited<ReturnType<typeof findLessonsForApply>>[number];

/**
 * Rewrites lessons to the template in one statement: where and what they are now. The topic,
 * homework and КТП link go too (they were the plan's only; the КТП is laid again afterwards).
 */
export async function updateLessonPlans(db: Database, rows: (LessonValues & { id: number })[]) {
  for (let i = 0; i < rows.length; i += 10_000) {
    const chunk = JSON.stringify(
      rows.slice(i, i + 10_000).map((row) => ({ id: row.id, ...lessonRecord(row) })),
    );
    await db.execute(sql`
      update lessons set subgroup_id = r.subgroup_id, subject_id = r.subject_id, teacher_id = r.teacher_id,
        load_id = r.load_id, date = r.date, lesson_number = r.lesson_number, start_time = r.start_time,
        end_time = r.end_time, topic = null, homework = null, ktp_item_id = null
      from json_to_recordset(${chunk}::json) as r(id int, subgroup_id int, subject_id int, teacher_id int,
        load_id int, date date, lesson_number smallint, start_time time, end_time time)
      where lessons.id = r.id`);
  }
}

/** The school's lessons of a date range, not cancelled, with names: what the apply report counts. */
export function findLessonsForReport(db: Database, organizationId: number, from: string, to: string) {
  return db
    .select({
      id: lessons.id,
      classId: lessons.classId,
      grade: classes.number,
      letter: classes.letter,
      subgroupId: lessons.subgroupId,
      subgroupName: subgroups.name,
      subjectId: lessons.subjectId,
      subjectName: subjects.name,
      teacherId: lessons.teacherId,
      teacherSurname: users.surname,
      teacherName: users.name,
      teacherPatronymic: users.patronymic,
      loadId: lessons.loadId,
      date: lessons.date,
      lessonNumber: lessons.lessonNumber,
    })
    .from(lessons)
    .innerJoin(classes, eq(classes.id, lessons.classId))
    .innerJoin(subjects, eq(subjects.id, lessons.subjectId))
    .leftJoin(subgroups, eq(subgroups.id, lessons.subgroupId))
    .leftJoin(users, eq(users.id, lessons.teacherId))
    .where(
      and(
        eq(lessons.organizationId, organizationId),
        gte(lessons.date, from),
        lte(lessons.date, to),
        sql`${lessons.status} <> 'cancelled'`,
      ),
    );
}
export type ReportLessonRow = Awaited<ReturnType<typeof findLessonsForReport>>[number];

export async function deleteLessons(db: Database, ids: number[]) {
  for (let i = 0; i < ids.length; i += 5000) {
    await db.delete(lessons).where(inArray(lessons.id, ids.slice(i, i + 5000)));
  }
}

/** Dated lessons matching `where`, by date and lesson number. */
export function findLessons(db: Database, where: SQL | undefined) {
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
  db: Database,
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
  db: Database,
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
  db: Database,
  id: number,
  values: Partial<{
    status: 'scheduled' | 'replaced' | 'moved' | 'cancelled';
    teacherId: number | null;
    originalTeacherId: number | null;
    date: string;
    lessonNumber: number;
    startTime: string | null;
    endTime: string | null;
    swappedWithId: number | null;
  }>,
) {
  const [updated] = await db.update(lessons).set(values).where(eq(lessons.id, id)).returning();
  return updated;
}

/** The first date from `from` (up to `to`) on which `where` finds lessons. */
export async function findFirstLessonDate(db: Database, where: SQL | undefined, from: string, to: string) {
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
export async function findStaffMember(db: Database, userId: number, organizationId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId), eq(users.active, true)));
  return row ?? null;
}

export async function findClassGrade(db: Database, classId: number): Promise<number> {
  const [row] = await db.select({ number: classes.number }).from(classes).where(eq(classes.id, classId));
  return row.number;
}

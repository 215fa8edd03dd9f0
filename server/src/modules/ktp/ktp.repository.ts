import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attendance, classes, ktpItems, ktpPlans, lessons, marks, subjects, users } from '../../db/schema';

/** Plans matching `where` with their subject, class, teacher and item totals. */
export function findPlans(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: ktpPlans.id,
      organizationId: ktpPlans.organizationId,
      name: ktpPlans.name,
      academicYear: ktpPlans.academicYear,
      teacherId: ktpPlans.teacherId,
      teacherSurname: users.surname,
      teacherName: users.name,
      teacherPatronymic: users.patronymic,
      subjectId: ktpPlans.subjectId,
      subjectName: subjects.name,
      classId: ktpPlans.classId,
      classNumber: classes.number,
      classLetter: classes.letter,
      grade: ktpPlans.grade,
      itemsCount: sql<number>`(select count(*)::int from ${ktpItems} where ${ktpItems.planId} = ${ktpPlans.id})`,
      hoursTotal: sql<number>`(select coalesce(sum(${ktpItems.hours}), 0)::float8 from ${ktpItems} where ${ktpItems.planId} = ${ktpPlans.id})`,
    })
    .from(ktpPlans)
    .innerJoin(subjects, eq(subjects.id, ktpPlans.subjectId))
    .leftJoin(classes, eq(classes.id, ktpPlans.classId))
    .leftJoin(users, eq(users.id, ktpPlans.teacherId))
    .where(where)
    .orderBy(asc(subjects.name), asc(ktpPlans.grade), asc(classes.letter), asc(ktpPlans.id));
}
export type PlanRow = Awaited<ReturnType<typeof findPlans>>[number];

export interface PlanValues {
  name: string;
  academicYear: string;
  teacherId: number | null;
  subjectId: number;
  classId: number | null;
  grade: number;
}

export async function insertPlan(db: Database, organizationId: number, values: PlanValues): Promise<number> {
  const [row] = await db
    .insert(ktpPlans)
    .values({ organizationId, ...values })
    .returning({ id: ktpPlans.id });
  return row.id;
}

export async function updatePlan(db: Database, id: number, values: PlanValues) {
  await db.update(ktpPlans).set(values).where(eq(ktpPlans.id, id));
}

export async function deletePlan(db: Database, id: number) {
  await db.delete(ktpPlans).where(eq(ktpPlans.id, id));
}

/** Item id → its plan's id. */
export async function findPlanIdsOfItems(db: Database, itemIds: number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: ktpItems.id, planId: ktpItems.planId })
    .from(ktpItems)
    .where(inArray(ktpItems.id, itemIds));
  return new Map(rows.map((row) => [row.id, row.planId]));
}

export function findItems(db: Database, planId: number) {
  return db.select().from(ktpItems).where(eq(ktpItems.planId, planId)).orderBy(asc(ktpItems.position));
}
export type ItemRow = Awaited<ReturnType<typeof findItems>>[number];

export interface ItemValues {
  section: string | null;
  topic: string;
  hours: number;
  homework: string | null;
  controlType: string | null;
  plannedDate: string | null;
  actualDate: string | null;
}

/**
 * A lesson that has not been held yet: from `today` on, as the timetable made it, with no marks and no
 * attendance. Only such lessons follow a plan's edits; a held lesson's topic is the record of what was
 * taught and stays as it is.
 */
const notHeldSince = (today: string) => sql`${lessons.date} >= ${today} and ${lessons.status} = 'scheduled'
  and not exists (select 1 from ${marks} where ${marks.lessonId} = ${lessons.id})
  and not exists (select 1 from ${attendance} where ${attendance.lessonId} = ${lessons.id})`;

/**
 * Replaces the plan's items by `items` in their order, keeping the item at each position (its id):
 * lessons stay linked to their place in the plan, so the timetable can tell a planned topic from a
 * typed one and move it (timetable findLessonsForApply). Lessons not held yet that show an item's
 * text as the plan gave it take the new text; those of items that are gone lose it and the link
 * (nothing of the old plan is left for the timetable to mistake for a teacher's topic). Topics and
 * homework a teacher typed over the plan, and held lessons, keep theirs.
 */
export async function replaceItems(
  db: Database,
  organizationId: number,
  planId: number,
  items: ItemValues[],
  today: string,
) {
  const old = await db
    .select({ id: ktpItems.id })
    .from(ktpItems)
    .where(eq(ktpItems.planId, planId))
    .orderBy(asc(ktpItems.position), asc(ktpItems.id));
  const kept = old
    .slice(0, items.length)
    .map((row, index) => ({ id: row.id, position: index + 1, ...items[index] }));
  const gone = old.slice(items.length).map((row) => row.id);

  if (kept.length > 0) {
    const rows = sql`json_to_recordset(${JSON.stringify(kept)}::json) as r(id int, position int, section text,
      topic text, hours numeric, homework text, "controlType" text, "plannedDate" date, "actualDate" date)`;
    await db.execute(sql`
      update ${lessons} set
        topic = case when ${lessons.topic} is not distinct from i.topic then r.topic else ${lessons.topic} end,
        homework = case when ${lessons.homework} is not distinct from i.homework then r.homework else ${lessons.homework} end
      from ${ktpItems} i join ${rows} on r.id = i.id
      where ${lessons.ktpItemId} = i.id and ${notHeldSince(today)}`);
    await db.execute(sql`
      update ${ktpItems} set position = r.position, section = r.section, topic = r.topic, hours = r.hours,
        homework = r.homework, control_type = r."controlType", planned_date = r."plannedDate",
        actual_date = r."actualDate"
      from ${rows} where ${ktpItems.id} = r.id`);
  }
  if (gone.length > 0) {
    await db.execute(sql`
      update ${lessons} set
        topic = case when ${lessons.topic} is not distinct from i.topic then null else ${lessons.topic} end,
        homework = case when ${lessons.homework} is not distinct from i.homework then null else ${lessons.homework} end,
        ktp_item_id = null
      from ${ktpItems} i
      where i.id = any(${`{${gone.join(',')}}`}::int[]) and ${lessons.ktpItemId} = i.id and ${notHeldSince(today)}`);
    // Held lessons keep their text; the foreign key drops their link.
    await db.delete(ktpItems).where(inArray(ktpItems.id, gone));
  }
  const added = items.slice(old.length);
  if (added.length === 0) return;
  await db
    .insert(ktpItems)
    .values(
      added.map((item, index) => ({ organizationId, planId, position: old.length + index + 1, ...item })),
    );
}

/** Sets each item's planned date (item id → date) in one statement. */
export async function setPlannedDates(db: Database, dates: Map<number, string>) {
  if (dates.size === 0) return;
  const rows = [...dates].map(([id, date]) => ({ id, date }));
  await db.execute(sql`
    update ${ktpItems} set planned_date = r.date
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(id int, date date)
    where ${ktpItems.id} = r.id`);
}

export async function findClass(db: Database, id: number, where: SQL | undefined) {
  const [row] = await db
    .select({
      id: classes.id,
      organizationId: classes.organizationId,
      number: classes.number,
      letter: classes.letter,
    })
    .from(classes)
    .where(and(eq(classes.id, id), where));
  return row ?? null;
}

export async function findSubject(db: Database, id: number, organizationId: number) {
  const [row] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.id, id), eq(subjects.organizationId, organizationId)));
  return row ?? null;
}

/**
 * The class's dated lessons of the subject within the dates; with a teacher, only the lessons of
 * their load (a replacement keeps the template's teacher in original_teacher_id).
 */
export function findPlanLessons(
  db: Database,
  classId: number,
  subjectId: number,
  teacherId: number | null,
  range: { from: string; to: string },
) {
  return db
    .select({
      id: lessons.id,
      date: lessons.date,
      lesson_number: lessons.lessonNumber,
      start_time: lessons.startTime,
      status: lessons.status,
      topic: lessons.topic,
      homework: lessons.homework,
      ktp_item_id: lessons.ktpItemId,
    })
    .from(lessons)
    .where(
      and(
        eq(lessons.classId, classId),
        eq(lessons.subjectId, subjectId),
        sql`${lessons.date} between ${range.from} and ${range.to}`,
        teacherId === null
          ? undefined
          : or(
              eq(lessons.originalTeacherId, teacherId),
              and(isNull(lessons.originalTeacherId), eq(lessons.teacherId, teacherId)),
            ),
      ),
    );
}

/** Writes the fills of a plan application in one statement. */
export async function fillLessons(
  db: Database,
  fills: { lesson_id: number; ktp_item_id: number | null; topic: string | null; homework: string | null }[],
) {
  if (fills.length === 0) return;
  await db.execute(sql`
    update ${lessons} set topic = f.topic, homework = f.homework, ktp_item_id = f.ktp_item_id
    from json_to_recordset(${JSON.stringify(fills)}::json)
      as f(lesson_id int, ktp_item_id int, topic text, homework text)
    where ${lessons.id} = f.lesson_id`);
}

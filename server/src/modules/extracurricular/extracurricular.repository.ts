import { and, asc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  classes,
  extracurricularCourses,
  extracurricularDirections,
  extracurricularMembers,
  extracurricularPlans,
  extracurricularSlots,
  extracurricularTeachers,
  students,
  users,
} from '../../db/schema';

// ---------------------------------------------------------------- directions

/** The school's stored directions in their order (empty: the defaults apply). */
export async function findDirections(db: Database, organizationId: number): Promise<string[]> {
  const rows = await db
    .select({ name: extracurricularDirections.name })
    .from(extracurricularDirections)
    .where(eq(extracurricularDirections.organizationId, organizationId))
    .orderBy(asc(extracurricularDirections.position), asc(extracurricularDirections.id));
  return rows.map((row) => row.name);
}

export async function replaceDirections(db: Database, organizationId: number, names: string[]) {
  await db
    .delete(extracurricularDirections)
    .where(eq(extracurricularDirections.organizationId, organizationId));
  await db
    .insert(extracurricularDirections)
    .values(names.map((name, position) => ({ organizationId, name, position })));
}

// ---------------------------------------------------------------- courses

/** The course (by its id column, e.g. of another course in a query) is taught by one of `teacherIds`: main or other. */
export function taughtBySql(courseId: SQL | typeof extracurricularCourses.id, teacherIds: number[]): SQL {
  if (teacherIds.length === 0) return sql`false`;
  return sql`(exists (select 1 from ${extracurricularCourses} c where c.id = ${courseId} and c.teacher_id in (${sql.join(
    teacherIds.map((id) => sql`${id}`),
    sql`, `,
  )}))
    or exists (select 1 from ${extracurricularTeachers} t where t.course_id = ${courseId} and t.teacher_id in (${sql.join(
      teacherIds.map((id) => sql`${id}`),
      sql`, `,
    )})))`;
}

/**
 * Who reads a course besides whoever holds `everyCourse` (the завуч): its teachers and the class
 * teachers of its pupils' classes.
 */
export function courseReachSql(userId: number): SQL {
  return or(
    taughtBySql(extracurricularCourses.id, [userId]),
    exists(
      sql`(select 1 from ${extracurricularMembers}
            join ${students} on ${students.id} = ${extracurricularMembers.studentId}
            join ${classes} on ${classes.id} = ${students.classId}
           where ${extracurricularMembers.courseId} = ${extracurricularCourses.id}
             and ${classes.managerId} = ${userId})`,
    ),
  )!;
}

export function findCourses(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: extracurricularCourses.id,
      organization_id: extracurricularCourses.organizationId,
      name: extracurricularCourses.name,
      direction: extracurricularCourses.direction,
      teacher_id: extracurricularCourses.teacherId,
      hours_per_week: extracurricularCourses.hoursPerWeek,
      pass_fail: extracurricularCourses.passFail,
      teacherSurname: users.surname,
      teacherName: users.name,
      teacherPatronymic: users.patronymic,
    })
    .from(extracurricularCourses)
    .leftJoin(users, eq(users.id, extracurricularCourses.teacherId))
    .where(where)
    .orderBy(asc(extracurricularCourses.name), asc(extracurricularCourses.id));
}
export type CourseRow = Awaited<ReturnType<typeof findCourses>>[number];

/** The pupils of the courses with their current class, by surname. */
export function findMembers(db: Database, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      courseId: extracurricularMembers.courseId,
      id: students.id,
      surname: students.surname,
      name: students.name,
      classId: students.classId,
      number: classes.number,
      letter: classes.letter,
      managerId: classes.managerId,
    })
    .from(extracurricularMembers)
    .innerJoin(students, eq(students.id, extracurricularMembers.studentId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(inArray(extracurricularMembers.courseId, courseIds))
    .orderBy(asc(students.surname), asc(students.name), asc(students.id));
}
export type MemberRow = Awaited<ReturnType<typeof findMembers>>[number];

export function findSlots(db: Database, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      courseId: extracurricularSlots.courseId,
      weekday: extracurricularSlots.weekday,
      start_time: extracurricularSlots.startTime,
      end_time: extracurricularSlots.endTime,
      room: extracurricularSlots.room,
    })
    .from(extracurricularSlots)
    .where(inArray(extracurricularSlots.courseId, courseIds))
    .orderBy(asc(extracurricularSlots.weekday), asc(extracurricularSlots.startTime));
}

/** Of `ids`, the active pupils of the organization (with their class number). */
export function findStudentsOf(db: Database, organizationId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: students.id, classId: students.classId, number: classes.number })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.classId))
    .where(
      and(
        eq(students.organizationId, organizationId),
        eq(students.status, 'active'),
        inArray(students.id, ids),
      ),
    );
}

export interface CourseValues {
  name: string;
  direction: string;
  teacherId: number;
  hoursPerWeek: number;
  passFail: boolean;
}

export async function insertCourse(db: Database, organizationId: number, values: CourseValues) {
  const [row] = await db
    .insert(extracurricularCourses)
    .values({ organizationId, ...values })
    .returning({ id: extracurricularCourses.id });
  return row.id;
}

export async function updateCourse(db: Database, id: number, values: CourseValues) {
  await db.update(extracurricularCourses).set(values).where(eq(extracurricularCourses.id, id));
}

export async function deleteCourse(db: Database, id: number) {
  await db.delete(extracurricularCourses).where(eq(extracurricularCourses.id, id));
}

/** The other teachers of the courses, by surname. */
export function findCoTeachers(db: Database, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      courseId: extracurricularTeachers.courseId,
      id: users.id,
      surname: users.surname,
      name: users.name,
      patronymic: users.patronymic,
    })
    .from(extracurricularTeachers)
    .innerJoin(users, eq(users.id, extracurricularTeachers.teacherId))
    .where(inArray(extracurricularTeachers.courseId, courseIds))
    .orderBy(asc(users.surname), asc(users.name));
}
export type CoTeacherRow = Awaited<ReturnType<typeof findCoTeachers>>[number];

export async function replaceCoTeachers(
  db: Database,
  organizationId: number,
  courseId: number,
  ids: number[],
) {
  await db.delete(extracurricularTeachers).where(eq(extracurricularTeachers.courseId, courseId));
  if (ids.length > 0)
    await db
      .insert(extracurricularTeachers)
      .values(ids.map((teacherId) => ({ organizationId, courseId, teacherId })));
}

export async function replaceMembers(db: Database, organizationId: number, courseId: number, ids: number[]) {
  await db.delete(extracurricularMembers).where(eq(extracurricularMembers.courseId, courseId));
  if (ids.length > 0)
    await db
      .insert(extracurricularMembers)
      .values(ids.map((studentId) => ({ organizationId, courseId, studentId })));
}

export async function replaceSlots(
  db: Database,
  organizationId: number,
  courseId: number,
  slots: { weekday: number; start_time: string; end_time: string; room: string | null }[],
) {
  await db.delete(extracurricularSlots).where(eq(extracurricularSlots.courseId, courseId));
  if (slots.length > 0)
    await db.insert(extracurricularSlots).values(
      slots.map((slot) => ({
        organizationId,
        courseId,
        weekday: slot.weekday,
        startTime: slot.start_time,
        endTime: slot.end_time,
        room: slot.room,
      })),
    );
}

// ---------------------------------------------------------------- class plans

export function findPlan(db: Database, classId: number) {
  return db
    .select({ direction: extracurricularPlans.direction, hours: extracurricularPlans.hours })
    .from(extracurricularPlans)
    .where(eq(extracurricularPlans.classId, classId))
    .orderBy(asc(extracurricularPlans.id));
}

export async function replacePlan(
  db: Database,
  organizationId: number,
  classId: number,
  items: { direction: string; hours: number }[],
) {
  await db.delete(extracurricularPlans).where(eq(extracurricularPlans.classId, classId));
  if (items.length > 0)
    await db.insert(extracurricularPlans).values(items.map((item) => ({ organizationId, classId, ...item })));
}

/** A class of the caller's scope (`where`) with its name parts. */
export async function findClass(db: Database, id: number, where: SQL | undefined) {
  const [row] = await db
    .select({
      id: classes.id,
      organizationId: classes.organizationId,
      number: classes.number,
      letter: classes.letter,
      managerId: classes.managerId,
    })
    .from(classes)
    .where(and(eq(classes.id, id), where));
  return row ?? null;
}

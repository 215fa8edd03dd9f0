import { and, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  classes,
  imports,
  loads,
  organizationSettings,
  roles,
  rooms,
  subgroupSets,
  subgroups,
  subjects,
  timetableSlots,
  timetableTemplates,
  unavailableCells,
  userRoles,
  users,
} from '../../db/schema';
import type { RunKind } from '../../queue/runs';

export type ImportRow = typeof imports.$inferSelect;

export const IMPORT_JOB = 'school-import';

/** Imports as background runs (queue/runs.ts): the table, its job and its Russian reasons. */
export const IMPORT_RUN: RunKind<typeof imports> = {
  job: IMPORT_JOB,
  idKey: 'importId',
  table: imports,
  label: 'Импорт',
  alreadyRunning: 'Импорт в эту школу уже идёт: дождитесь его окончания',
  failedReason: 'Импорт прервался из-за внутренней ошибки сервера; ничего не изменено. Примените его снова',
  lostReason: 'Сервер, выполнявший импорт, остановился; ничего не изменено. Примените импорт снова',
  reason: (text) => ({ error: text }),
};

export async function insertImport(
  db: Database,
  values: Pick<ImportRow, 'organizationId' | 'kind' | 'fileName' | 'data' | 'preview' | 'createdBy'>,
): Promise<number> {
  const [row] = await db
    .insert(imports)
    .values({ ...values, status: 'preview' })
    .returning({ id: imports.id });
  return row.id;
}

export async function findImport(db: Database, id: number): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row;
}

/** The school's imports, newest first, without what was read from each file. */
export function findImports(db: Database, organizationId: number) {
  return db
    .select({
      id: imports.id,
      kind: imports.kind,
      status: imports.status,
      fileName: imports.fileName,
      createdAt: imports.createdAt,
      done: imports.done,
      total: imports.total,
      error: imports.error,
      result: imports.result,
    })
    .from(imports)
    .where(eq(imports.organizationId, organizationId))
    .orderBy(desc(imports.id))
    .limit(100);
}

/** preview → queued (the run's start); none when the import is not a preview any more. */
export async function queueImport(
  db: Database,
  id: number,
  preview?: ImportRow['preview'],
): Promise<number | undefined> {
  const [row] = await db
    .update(imports)
    .set({ status: 'queued', error: null, ...(preview ? { preview } : {}) })
    .where(and(eq(imports.id, id), eq(imports.status, 'preview')))
    .returning({ id: imports.id });
  return row?.id;
}

// ---------------------------------------------------------------- the school as it is

/** What a school already has that an import may map names to (the classes of one year). */
export async function findSchool(
  db: Database,
  organizationId: number,
  academicYear: string,
  templateName?: string,
) {
  // One statement after another: inside a transaction they share one connection.
  const staff = await db
    .select({
      id: users.id,
      surname: users.surname,
      name: users.name,
      patronymic: users.patronymic,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.kind, 'staff')));
  const subjectRows = await db
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(eq(subjects.organizationId, organizationId));
  const classRows = await db
    .select({ id: classes.id, number: classes.number, letter: classes.letter, managerId: classes.managerId })
    .from(classes)
    .where(and(eq(classes.organizationId, organizationId), eq(classes.academicYear, academicYear)));
  const roomRows = await db
    .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity })
    .from(rooms)
    .where(eq(rooms.organizationId, organizationId));
  const classIds = classRows.map((c) => c.id);
  const subgroupRows =
    classIds.length === 0
      ? []
      : await db
          .select({
            id: subgroups.id,
            setId: subgroupSets.id,
            classId: subgroupSets.classId,
            subjectId: subgroupSets.subjectId,
            name: subgroups.name,
          })
          .from(subgroupSets)
          .leftJoin(subgroups, eq(subgroups.setId, subgroupSets.id))
          .where(inArray(subgroupSets.classId, classIds));
  const loadRows =
    classIds.length === 0
      ? []
      : await db
          .select({
            id: loads.id,
            classId: loads.classId,
            subgroupId: loads.subgroupId,
            subjectId: loads.subjectId,
            teacherId: loads.teacherId,
            hours: loads.hoursPerWeek,
          })
          .from(loads)
          .where(inArray(loads.classId, classIds));
  const unavailable = await findTeacherUnavailability(db, organizationId);
  // The slots of the template a file's locked lessons go to, when it exists.
  const slots = templateName
    ? await db
        .select({
          loadId: timetableSlots.loadId,
          weekday: timetableSlots.weekday,
          lesson: timetableSlots.lessonNumber,
        })
        .from(timetableSlots)
        .innerJoin(timetableTemplates, eq(timetableTemplates.id, timetableSlots.templateId))
        .where(
          and(
            eq(timetableTemplates.organizationId, organizationId),
            eq(timetableTemplates.name, templateName),
            eq(timetableTemplates.academicYear, academicYear),
          ),
        )
    : [];
  return {
    staff,
    subjects: subjectRows,
    classes: classRows,
    rooms: roomRows,
    subgroups: subgroupRows,
    loads: loadRows,
    unavailable,
    slots,
  };
}

export type School = Awaited<ReturnType<typeof findSchool>>;

/** The school's latest academic year with classes, if any. */
export async function findLatestYear(db: Database, organizationId: number): Promise<string | null> {
  const [row] = await db
    .select({ year: classes.academicYear })
    .from(classes)
    .where(eq(classes.organizationId, organizationId))
    .orderBy(desc(classes.academicYear))
    .limit(1);
  return row?.year ?? null;
}

export async function findSetting(db: Database, organizationId: number, key: string): Promise<string | null> {
  const [row] = await db
    .select({ value: organizationSettings.value })
    .from(organizationSettings)
    .where(and(eq(organizationSettings.organizationId, organizationId), eq(organizationSettings.key, key)));
  return row?.value ?? null;
}

// ---------------------------------------------------------------- writes of an apply

export async function upsertSetting(db: Database, organizationId: number, key: string, value: string) {
  await db
    .insert(organizationSettings)
    .values({ organizationId, key, value })
    .onConflictDoUpdate({
      target: [organizationSettings.organizationId, organizationSettings.key],
      set: { value },
    });
}

export async function findRoleId(db: Database, code: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  return row.id;
}

/** A staff account whose password nobody knows yet: the director issues a one-time one. */
export async function insertTeacher(
  db: Database,
  values: {
    organizationId: number;
    surname: string;
    name: string;
    patronymic?: string | null;
    email?: string | null;
    login: string;
    passwordHash: string;
  },
  roleIds: number[],
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...values, kind: 'staff', passwordChangeRequired: true })
    .returning({ id: users.id });
  await addUserRoles(db, row.id, values.organizationId, roleIds);
  return row.id;
}

export async function addUserRoles(db: Database, userId: number, organizationId: number, roleIds: number[]) {
  if (roleIds.length > 0)
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId, organizationId })));
}

export async function findUserRoleIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.id);
}

export async function updateStaffEmail(db: Database, id: number, email: string) {
  await db.update(users).set({ email }).where(eq(users.id, id));
}

export async function updateClassManager(db: Database, id: number, managerId: number | null) {
  await db.update(classes).set({ managerId }).where(eq(classes.id, id));
}

/** The roles a staff register may give in a school: the system's and its own, not a pupil's, a parent's or the platform's. */
export async function findStaffRoles(db: Database, organizationId: number) {
  const rows = await db
    .select({ id: roles.id, name: roles.name, code: roles.code, organizationId: roles.organizationId })
    .from(roles)
    .where(or(isNull(roles.organizationId), eq(roles.organizationId, organizationId)));
  return rows.filter((r) => !['student', 'parent', 'platform_admin'].includes(r.code ?? ''));
}

export async function insertSubject(db: Database, organizationId: number, name: string): Promise<number> {
  const [row] = await db.insert(subjects).values({ organizationId, name }).returning({ id: subjects.id });
  return row.id;
}

export async function insertClass(
  db: Database,
  values: {
    organizationId: number;
    number: number;
    letter: string;
    academicYear: string;
    managerId?: number | null;
  },
): Promise<number> {
  const [row] = await db.insert(classes).values(values).returning({ id: classes.id });
  return row.id;
}

export async function insertRoom(
  db: Database,
  organizationId: number,
  name: string,
  capacity: number | null,
) {
  await db.insert(rooms).values({ organizationId, name, capacity });
}

export async function updateRoomCapacity(db: Database, id: number, capacity: number | null) {
  await db.update(rooms).set({ capacity }).where(eq(rooms.id, id));
}

export async function insertSubgroupSet(
  db: Database,
  values: { organizationId: number; classId: number; subjectId: number },
): Promise<number> {
  const [row] = await db.insert(subgroupSets).values(values).returning({ id: subgroupSets.id });
  return row.id;
}

export async function insertSubgroup(db: Database, organizationId: number, setId: number, name: string) {
  const [row] = await db
    .insert(subgroups)
    .values({ organizationId, setId, name })
    .returning({ id: subgroups.id });
  return row.id;
}

export async function insertLoad(
  db: Database,
  values: {
    organizationId: number;
    classId: number;
    subgroupId: number | null;
    subjectId: number;
    teacherId: number | null;
    hoursPerWeek: number;
    subgroupsParallel: boolean;
  },
): Promise<number> {
  const [row] = await db.insert(loads).values(values).returning({ id: loads.id });
  return row.id;
}

export async function updateLoadHours(db: Database, id: number, hoursPerWeek: number) {
  await db.update(loads).set({ hoursPerWeek }).where(eq(loads.id, id));
}

export async function insertUnavailable(
  db: Database,
  organizationId: number,
  cells: { teacherId: number; weekday: number; lesson: number }[],
) {
  if (cells.length === 0) return;
  await db.insert(unavailableCells).values(
    cells.map((c) => ({
      organizationId,
      teacherId: c.teacherId,
      weekday: c.weekday,
      lessonNumber: c.lesson,
    })),
  );
}

/** The template an import keeps its locked lessons in, by name within the year; created when missing. */
export async function templateNamed(
  db: Database,
  values: { organizationId: number; name: string; academicYear: string },
): Promise<{ id: number; created: boolean }> {
  const [found] = await db
    .select({ id: timetableTemplates.id })
    .from(timetableTemplates)
    .where(
      and(
        eq(timetableTemplates.organizationId, values.organizationId),
        eq(timetableTemplates.name, values.name),
        eq(timetableTemplates.academicYear, values.academicYear),
      ),
    )
    .limit(1);
  if (found) return { id: found.id, created: false };
  const [row] = await db.insert(timetableTemplates).values(values).returning({ id: timetableTemplates.id });
  return { id: row.id, created: true };
}

export function findSlots(db: Database, templateId: number) {
  return db
    .select({
      loadId: timetableSlots.loadId,
      weekday: timetableSlots.weekday,
      lesson: timetableSlots.lessonNumber,
    })
    .from(timetableSlots)
    .where(eq(timetableSlots.templateId, templateId));
}

export async function insertSlots(
  db: Database,
  rows: {
    organizationId: number;
    templateId: number;
    loadId: number;
    classId: number;
    subgroupId: number | null;
    weekday: number;
    lessonNumber: number;
  }[],
) {
  if (rows.length > 0) await db.insert(timetableSlots).values(rows);
}

/** The teachers' not-available cells of a school (a FET file's and an export's availability). */
export function findTeacherUnavailability(db: Database, organizationId: number) {
  return db
    .select({
      teacherId: unavailableCells.teacherId,
      weekday: unavailableCells.weekday,
      lesson: unavailableCells.lessonNumber,
    })
    .from(unavailableCells)
    .where(and(eq(unavailableCells.organizationId, organizationId), isNotNull(unavailableCells.teacherId)));
}

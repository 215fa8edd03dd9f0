import type {
  KtpApplyInputParsed,
  KtpApplyResult,
  KtpCopyInputParsed,
  KtpImportResult,
  KtpItem,
  KtpItemsInputParsed,
  KtpListQueryParsed,
  KtpPlan,
  KtpPlanDetail,
  KtpPlanInputParsed,
} from '@parta/shared/domain/contracts/ktp';
import { applyPlan } from '@parta/shared/domain/ktp';
import { groupName, joinedTeacherName } from '@parta/shared/domain/names';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { targetOrganization } from '../../access/organization';
import { inScope, scopeFilter } from '../../access/scope';
import { teachesSql, teachingActor } from '../../access/teaching';
import type { Database } from '../../db/client';
import { classes, ktpPlans } from '../../db/schema';
import { WorkbookError } from '../../files/workbook';
import type { Actor } from '../../plugins/auth';
import { notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { lessonStarted, schoolToday } from '../clock/clock.service';
import { holidaysBetween } from '../periods/periods.service';
import { isStaffOf } from '../users/users.service';
import {
  deletePlan,
  fillLessons,
  findClass,
  findItems,
  findPlanIdsOfItems,
  findPlanLessons,
  findPlans,
  findSubject,
  type ItemRow,
  type ItemValues,
  insertPlan,
  type PlanRow,
  type PlanValues,
  replaceItems,
  setPlannedDates,
  updatePlan,
} from './ktp.repository';
import { readKtpWorkbook, writeKtpWorkbook } from './ktp-workbook';

const PLAN_NOT_FOUND = 'План КТП не найден';

function toPlan(row: PlanRow): KtpPlan {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    academic_year: row.academicYear,
    teacher_id: row.teacherId,
    teacher_name: joinedTeacherName(row),
    subject_id: row.subjectId,
    subject_name: row.subjectName,
    group_id: row.classId,
    group_name: row.classId === null ? null : groupName({ number: row.classNumber, letter: row.classLetter }),
    grade: row.grade ?? row.classNumber ?? 0,
    items_count: row.itemsCount,
    hours_total: Number(row.hoursTotal),
  };
}

function toItem(row: ItemRow): KtpItem {
  return {
    id: row.id,
    position: row.position,
    section: row.section,
    topic: row.topic,
    hours: Number(row.hours),
    homework: row.homework,
    control_type: row.controlType,
    planned_date: row.plannedDate,
    actual_date: row.actualDate,
  };
}

/**
 * Row rule of writing: a plan is changed by whoever teaches it (access/teaching.ts): its teacher, or
 * anyone holding loads.edit (завуч, директор), for whom there is no extra condition.
 */
function writeRule(actor: Actor): SQL | undefined {
  const teacher = teachingActor(actor);
  return teacher.everyLoad ? undefined : teachesSql(teacher, [ktpPlans.teacherId]);
}

async function findPlan(db: Database, actor: Actor, id: number, where?: SQL): Promise<PlanRow> {
  const [row] = await findPlans(db, and(eq(ktpPlans.id, id), inScope(actor, ktpPlans.organizationId), where));
  if (!row) throw notFound(PLAN_NOT_FOUND);
  return row;
}

/** GET /api/ktp: plans of the caller's scope, filtered. */
export async function listPlans(db: Database, actor: Actor, query: KtpListQueryParsed): Promise<KtpPlan[]> {
  const rows = await findPlans(
    db,
    and(
      scopeFilter(actor, ktpPlans.organizationId, query.organization_id),
      query.teacher_id ? eq(ktpPlans.teacherId, query.teacher_id) : undefined,
      query.subject_id ? eq(ktpPlans.subjectId, query.subject_id) : undefined,
      query.group_id ? eq(ktpPlans.classId, query.group_id) : undefined,
      query.academic_year ? eq(ktpPlans.academicYear, query.academic_year) : undefined,
    ),
  );
  return rows.map(toPlan);
}

export async function getPlan(db: Database, actor: Actor, id: number): Promise<KtpPlanDetail> {
  const plan = await findPlan(db, actor, id);
  const items = await findItems(db, plan.id);
  return { ...toPlan(plan), items: items.map(toItem) };
}

/** Checks the plan's references against the organization and turns the input into column values. */
async function planValues(
  db: Database,
  actor: Actor,
  organizationId: number,
  input: KtpPlanInputParsed,
): Promise<PlanValues> {
  const errors: Record<string, string[]> = {};
  let grade = input.grade;
  if (input.group_id !== null) {
    const group = await findClass(db, input.group_id, eq(classes.organizationId, organizationId));
    if (!group) errors.group_id = ['Класс не найден'];
    else grade = group.number;
  }
  if (!(await findSubject(db, input.subject_id, organizationId))) errors.subject_id = ['Предмет не найден'];
  const teacherId = teachingActor(actor).everyLoad ? input.teacher_id : actor.userId;
  if (teacherId !== null && !(await isStaffOf(db, teacherId, organizationId)))
    errors.teacher_id = ['Учитель не найден'];
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  return {
    name: input.name,
    academicYear: input.academic_year,
    teacherId,
    subjectId: input.subject_id,
    classId: input.group_id,
    grade: grade ?? 0,
  };
}

/** POST /api/ktp: a teacher's plan is theirs whatever teacher_id says; завуч names the teacher. */
export async function createPlan(
  db: Database,
  actor: Actor,
  input: KtpPlanInputParsed,
): Promise<KtpPlanDetail> {
  const organizationId = targetOrganization(actor, input.organization_id);
  const id = await insertPlan(db, organizationId, await planValues(db, actor, organizationId, input));
  return getPlan(db, actor, id);
}

export async function changePlan(
  db: Database,
  actor: Actor,
  id: number,
  input: KtpPlanInputParsed,
): Promise<KtpPlanDetail> {
  const plan = await findPlan(db, actor, id, writeRule(actor));
  await updatePlan(db, plan.id, await planValues(db, actor, plan.organizationId, input));
  return getPlan(db, actor, id);
}

export async function removePlan(db: Database, actor: Actor, id: number) {
  const plan = await findPlan(db, actor, id, writeRule(actor));
  await deletePlan(db, plan.id);
}

function itemValues(item: KtpItemsInputParsed['items'][number]): ItemValues {
  return {
    section: item.section,
    topic: item.topic,
    hours: item.hours,
    homework: item.homework,
    controlType: item.control_type,
    plannedDate: item.planned_date,
    actualDate: item.actual_date,
  };
}

/** PUT /api/ktp/{id}/items: the whole ordered list (edit in place and reorder both save this). */
export async function saveItems(
  db: Database,
  actor: Actor,
  id: number,
  input: KtpItemsInputParsed,
): Promise<KtpPlanDetail> {
  const plan = await findPlan(db, actor, id, writeRule(actor));
  await db.transaction(async (tx) =>
    replaceItems(tx, plan.organizationId, plan.id, input.items.map(itemValues), schoolToday()),
  );
  return getPlan(db, actor, id);
}

/** POST /api/ktp/{id}/copy: the same items for another class of the same parallel. */
export async function copyPlan(
  db: Database,
  actor: Actor,
  id: number,
  input: KtpCopyInputParsed,
): Promise<KtpPlanDetail> {
  const plan = await findPlan(db, actor, id);
  const target = await findClass(db, input.group_id, eq(classes.organizationId, plan.organizationId));
  if (!target) throw unprocessable(VALIDATION_MESSAGE, { group_id: ['Класс не найден'] });
  const grade = plan.grade ?? plan.classNumber;
  if (target.number !== grade)
    throw unprocessable(VALIDATION_MESSAGE, {
      group_id: ['Копировать можно только в класс той же параллели'],
    });
  const items = await findItems(db, plan.id);
  const newId = await db.transaction(async (tx) => {
    const created = await insertPlan(tx, plan.organizationId, {
      name: input.name ?? `${plan.name} (${groupName(target)})`,
      academicYear: plan.academicYear,
      teacherId: teachingActor(actor).everyLoad ? plan.teacherId : actor.userId,
      subjectId: plan.subjectId,
      classId: target.id,
      grade: target.number,
    });
    await replaceItems(
      tx,
      plan.organizationId,
      created,
      items.map((item) => ({ ...toItemValues(item), plannedDate: null, actualDate: null })),
      schoolToday(),
    );
    return created;
  });
  return getPlan(db, actor, newId);
}

const toItemValues = (item: ItemRow): ItemValues => ({
  section: item.section,
  topic: item.topic,
  hours: Number(item.hours),
  homework: item.homework,
  controlType: item.controlType,
  plannedDate: item.plannedDate,
  actualDate: item.actualDate,
});

/** The school year `2026/2027` as dates: 1 September to 31 August. */
function yearRange(academicYear: string) {
  const first = Number(academicYear.slice(0, 4));
  return { from: `${first}-09-01`, to: `${first + 1}-08-31` };
}

/**
 * Lays a plan's items in order over the class's dated lessons of the subject (shared/domain/ktp
 * applyPlan) and sets the items' planned dates. The caller has checked access and the class.
 * `fixed` lessons are not written (applyPlan): a re-lay after a timetable change fixes every lesson
 * outside the applied dates and every lesson already given.
 */
async function layPlan(
  db: Database,
  plan: PlanRow,
  group: { id: number; number: number },
  overwrite: boolean,
  fixed?: (lesson: { id: number; date: string; start_time: string | null }) => boolean,
) {
  const range = yearRange(plan.academicYear);
  const [items, lessonRows, holidays] = await Promise.all([
    findItems(db, plan.id),
    findPlanLessons(db, group.id, plan.subjectId, plan.teacherId, range),
    holidaysBetween(db, plan.organizationId, range.from, range.to),
  ]);
  const byId = new Map(lessonRows.map((lesson) => [lesson.id, lesson]));
  const result = applyPlan(
    items.map((item) => ({
      id: item.id,
      topic: item.topic,
      homework: item.homework,
      hours: Number(item.hours),
    })),
    lessonRows,
    { grade: group.number, holidays, overwrite, fixed: fixed && ((lesson) => fixed(byId.get(lesson.id)!)) },
  );
  await db.transaction(async (tx) => {
    await fillLessons(tx, result.fills);
    await setPlannedDates(tx, result.planned_dates);
  });
  return result;
}

/**
 * POST /api/ktp/{id}/apply: fills topics and homework of the class's dated lessons of the subject
 * in order (shared/domain/ktp applyPlan) and sets the items' planned dates.
 */
export async function applyToLessons(
  db: Database,
  actor: Actor,
  id: number,
  input: KtpApplyInputParsed,
): Promise<KtpApplyResult> {
  const plan = await findPlan(db, actor, id, writeRule(actor));
  const classId = plan.classId ?? input.group_id;
  if (classId === undefined || classId === null)
    throw unprocessable(VALIDATION_MESSAGE, { group_id: ['Выберите класс параллели'] });
  if (plan.classId !== null && input.group_id !== undefined && input.group_id !== plan.classId)
    throw unprocessable(VALIDATION_MESSAGE, { group_id: ['План составлен для другого класса'] });
  const group = await findClass(db, classId, eq(classes.organizationId, plan.organizationId));
  if (!group || group.number !== plan.grade)
    throw unprocessable(VALIDATION_MESSAGE, { group_id: ['Класс не из параллели плана'] });
  const result = await layPlan(db, plan, group, input.overwrite);
  return {
    lessons_filled: result.fills.filter((fill) => fill.ktp_item_id !== null).length,
    planned_hours: result.planned_hours,
    given_hours: result.given_hours,
    hours_without_lesson: result.hours_without_lesson,
    lessons_without_topic: result.lessons_without_topic,
  };
}

/**
 * After a timetable is applied: lays again, in order, the plans whose items the class's lessons
 * held (`links`: class and КТП item of each such lesson, read before the lessons moved), so the
 * topics follow the new lessons. Only lessons inside the applied dates (`range`) that have not begun
 * by the school clock and whose content is still the plan's are written: a lesson already given,
 * a lesson of other dates, a topic or homework a teacher typed (no link, or text other than the
 * item's) and the lessons in `leaveAlone` (kept for their marks, attendance or typed homework) stay
 * as they are, and the plan goes on after the items they hold. The timetable module has checked the
 * organization. Returns how many lessons got an item.
 */
export async function relayPlansOfLessons(
  db: Database,
  organizationId: number,
  links: readonly { classId: number; ktpItemId: number }[],
  leaveAlone: ReadonlySet<number>,
  range: { from: string; to: string },
): Promise<number> {
  if (links.length === 0) return 0;
  const planOfItem = await findPlanIdsOfItems(db, [...new Set(links.map((link) => link.ktpItemId))]);
  const pairs = new Map<string, { planId: number; classId: number }>();
  for (const link of links) {
    const planId = planOfItem.get(link.ktpItemId);
    if (planId !== undefined) pairs.set(`${planId}|${link.classId}`, { planId, classId: link.classId });
  }
  const plans = new Map(
    (
      await findPlans(
        db,
        and(
          inArray(ktpPlans.id, [...new Set([...pairs.values()].map((pair) => pair.planId))]),
          eq(ktpPlans.organizationId, organizationId),
        ),
      )
    ).map((plan) => [plan.id, plan]),
  );
  const fixed = (lesson: { id: number; date: string; start_time: string | null }) =>
    lesson.date < range.from ||
    lesson.date > range.to ||
    leaveAlone.has(lesson.id) ||
    lessonStarted(lesson.date, lesson.start_time);
  let filled = 0;
  for (const { planId, classId } of pairs.values()) {
    const plan = plans.get(planId);
    const group = await findClass(db, classId, eq(classes.organizationId, organizationId));
    if (!plan || !group) continue;
    const result = await layPlan(db, plan, group, false, fixed);
    filled += result.fills.filter((fill) => fill.ktp_item_id !== null).length;
  }
  return filled;
}

/** GET /api/ktp/{id}/export: the plan as .xlsx. */
export async function exportPlan(db: Database, actor: Actor, id: number) {
  const plan = await getPlan(db, actor, id);
  const buffer = await writeKtpWorkbook(plan.name, plan.items);
  const fileName = `КТП ${plan.subject_name} ${plan.group_name ?? `${plan.grade}-е классы`}.xlsx`;
  return { buffer, fileName };
}

/**
 * POST /api/ktp/{id}/import: every row checked first; saving replaces the plan's items with all
 * rows, and a single problem saves none.
 */
export async function importPlan(
  db: Database,
  actor: Actor,
  id: number,
  file: Buffer,
  dryRun: boolean,
): Promise<KtpImportResult> {
  const plan = await findPlan(db, actor, id, writeRule(actor));
  let rows: Awaited<ReturnType<typeof readKtpWorkbook>>;
  try {
    rows = await readKtpWorkbook(file);
  } catch (error) {
    if (error instanceof WorkbookError) throw unprocessable(error.message, { file: [error.message] });
    throw error;
  }
  if (rows.length === 0) throw unprocessable('В файле нет тем', { file: ['В файле нет тем'] });
  const invalid = rows.filter((row) => row.problems.length > 0).length;
  if (dryRun || invalid > 0) return { rows, invalid, saved: false };
  await db.transaction(async (tx) =>
    replaceItems(
      tx,
      plan.organizationId,
      plan.id,
      rows.map((row) => ({
        section: row.section,
        topic: row.topic,
        hours: row.hours ?? 1,
        homework: row.homework,
        controlType: row.control_type,
        plannedDate: row.planned_date,
        actualDate: row.actual_date,
      })),
      schoolToday(),
    ),
  );
  return { rows, invalid: 0, saved: true };
}

import type {
  ApplyInputParsed,
  ApplyResult,
  SlotInput,
  TemplateInputParsed,
  TimetableSlot,
  TimetableTemplate,
  TimetableTemplateDetail,
} from '@parta/shared/domain/contracts/timetable';
import { groupName, joinedTeacherName } from '@parta/shared/domain/names';
import { type GridSlot, isoWeekday, placementConflict } from '@parta/shared/domain/timetable';
import { and, eq } from 'drizzle-orm';
import { targetOrganization } from '../../access/organization';
import { findInScope, inScope, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { timetableTemplates } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { lessonStarted, schoolToday } from '../clock/clock.service';
import { relayPlansOfLessons } from '../ktp/ktp.service';
import { getPeriod, holidaysBetween } from '../periods/periods.service';
import { readSchoolSettings } from '../settings/school-settings.service';
import {
  deleteLessons,
  findLessonsForApply,
  findLessonsForReport,
  insertLessons,
  insertTimetable,
  type LessonValues,
  updateLessonPlans,
} from './lessons.repository';
import {
  bellsForGrade,
  countMismatches,
  doubleBookings,
  matchLessons,
  planLessons,
  type ReportLesson,
  teachingSpans,
} from './planning';
import {
  deleteSlot,
  deleteTemplate,
  findBellScheduleOf,
  findBellTimes,
  findLoadOf,
  findSlots,
  findTemplates,
  findYearPeriods,
  insertSlots,
  insertTemplate,
  type SlotRow,
  type TemplateValues,
  updateTemplate,
} from './templates.repository';

const TEMPLATE_NOT_FOUND = 'Шаблон расписания не найден';

// ---------------------------------------------------------------- templates

function toSlot(row: SlotRow): TimetableSlot {
  return {
    id: row.id,
    load_id: row.load_id,
    group_id: row.group_id,
    subgroup_id: row.subgroup_id,
    subgroup_name: row.subgroup_name,
    subject_id: row.subject_id,
    subject_name: row.subject_name,
    teacher_id: row.teacher_id,
    teacher_name: joinedTeacherName(row),
    weekday: row.weekday,
    lesson_number: row.lesson_number,
    room: row.room,
  };
}

/** GET /api/timetable: the templates of the caller's tree (SPEC §7: the body is the list). */
export function listTemplates(
  db: Database,
  actor: Actor,
  organizationId?: number,
): Promise<TimetableTemplate[]> {
  return findTemplates(db, scopeFilter(actor, timetableTemplates.organizationId, organizationId));
}

async function getTemplate(db: Database, actor: Actor, id: number): Promise<TimetableTemplate> {
  const [row] = await findTemplates(
    db,
    and(eq(timetableTemplates.id, id), inScope(actor, timetableTemplates.organizationId)),
  );
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

export async function getTemplateDetail(
  db: Database,
  actor: Actor,
  id: number,
): Promise<TimetableTemplateDetail> {
  const template = await getTemplate(db, actor, id);
  return { ...template, slots: (await findSlots(db, id)).map(toSlot) };
}

async function templateValues(
  db: Database,
  organizationId: number,
  input: TemplateInputParsed,
): Promise<TemplateValues> {
  if (
    input.bell_schedule_id !== null &&
    !(await findBellScheduleOf(db, input.bell_schedule_id, organizationId))
  ) {
    throw unprocessable(VALIDATION_MESSAGE, { bell_schedule_id: ['Расписание звонков не найдено'] });
  }
  return {
    name: input.name,
    academicYear: input.academic_year,
    bellScheduleId: input.bell_schedule_id,
    active: input.active,
  };
}

export async function createTemplate(
  db: Database,
  actor: Actor,
  input: TemplateInputParsed,
): Promise<TimetableTemplate> {
  const organizationId = targetOrganization(actor, input.organization_id);
  return getTemplate(db, actor, await createTemplateOf(db, organizationId, input));
}

/**
 * A template of an organization the caller has already checked (a generation, started by a user
 * allowed to edit the school's timetables, saving its result); answers its id. `db` may be a transaction.
 */
export async function createTemplateOf(
  db: Database,
  organizationId: number,
  input: TemplateInputParsed,
): Promise<number> {
  return insertTemplate(db, organizationId, await templateValues(db, organizationId, input));
}

export async function changeTemplate(db: Database, actor: Actor, id: number, input: TemplateInputParsed) {
  const template = await findInScope(db, actor, timetableTemplates, id, TEMPLATE_NOT_FOUND);
  await updateTemplate(db, id, await templateValues(db, template.organizationId, input));
  return getTemplate(db, actor, id);
}

/** Deletes a template and its slots; dated lessons made from it stay (the journal holds them). */
export async function removeTemplate(db: Database, actor: Actor, id: number) {
  await findInScope(db, actor, timetableTemplates, id, TEMPLATE_NOT_FOUND);
  await deleteTemplate(db, id);
}

function toGridSlot(row: SlotRow): GridSlot {
  return {
    weekday: row.weekday,
    lessonNumber: row.lesson_number,
    classId: row.group_id,
    subgroupId: row.subgroup_id,
    teacherId: row.teacher_id,
    loadId: row.load_id,
  };
}

/**
 * POST /api/timetable/templates/{id}/slots: places a load line at (weekday, lesson). Refused with
 * the reason (409) when a teacher or the class is elsewhere then, or the day gets too many lessons.
 */
export async function addSlot(
  db: Database,
  actor: Actor,
  templateId: number,
  input: SlotInput,
): Promise<TimetableSlot> {
  const template = await findInScope(db, actor, timetableTemplates, templateId, TEMPLATE_NOT_FOUND);
  const load = await findLoadOf(db, Number(input.load_id), template.organizationId);
  if (!load)
    throw unprocessable(VALIDATION_MESSAGE, { load_id: ['Строка нагрузки не найдена в этой организации'] });
  const slots = await findSlots(db, templateId);
  const settings = await readSchoolSettings(db, template.organizationId);
  const bells = bellsForGrade(
    await findBellTimes(db, template.organizationId),
    load.grade,
    template.bellScheduleId,
  );
  const names = new Map(
    slots.map((slot) => [slot.group_id, groupName({ number: slot.grade, letter: slot.letter })]),
  );
  const teacherNames = new Map(slots.map((slot) => [slot.teacher_id, toSlot(slot).teacher_name]));
  const candidate: GridSlot = {
    weekday: Number(input.weekday),
    lessonNumber: Number(input.lesson_number),
    classId: load.classId,
    subgroupId: load.subgroupId,
    teacherId: load.teacherId,
    loadId: load.id,
  };
  const reason = placementConflict(slots.map(toGridSlot), candidate, {
    grade: load.grade,
    maxLessonsPerDay: settings.max_lessons_per_day,
    workingDaysPerWeek: settings.working_days_per_week,
    bellLessons: bells.size || undefined,
    className: groupName({ number: load.grade, letter: load.letter }),
    teacherName: (teacherId) => teacherNames.get(teacherId) ?? 'Учитель',
    classNameOf: (classId) => names.get(classId) ?? '',
  });
  if (reason) throw conflict(reason);
  const [id] = await insertSlots(db, template.organizationId, [
    {
      templateId,
      loadId: load.id,
      classId: load.classId,
      subgroupId: load.subgroupId,
      weekday: candidate.weekday,
      lessonNumber: candidate.lessonNumber,
      room: (input.room as string | null | undefined) ?? null,
    },
  ]);
  const row = (await findSlots(db, templateId)).find((slot) => slot.id === id)!;
  return toSlot(row);
}

export async function removeSlot(db: Database, actor: Actor, templateId: number, slotId: number) {
  await findInScope(db, actor, timetableTemplates, templateId, TEMPLATE_NOT_FOUND);
  if (!(await deleteSlot(db, templateId, slotId))) throw notFound('Урок в шаблоне не найден');
}

/**
 * Grade → the lesson numbers its bells ring in a template with the given bell schedule (null: none, as
 * the generator's templates are made): the grade's own schedule, else the template's, else the
 * default; the journal takes each lesson's times from the same choice (`planLessons`).
 */
export async function bellNumbersOfGrades(
  db: Database,
  organizationId: number,
  grades: readonly number[],
  templateScheduleId: number | null = null,
): Promise<Map<number, number[]>> {
  const bells = await findBellTimes(db, organizationId);
  return new Map(grades.map((grade) => [grade, [...bellsForGrade(bells, grade, templateScheduleId).keys()]]));
}

// ---------------------------------------------------------------- applying a template

/** Thrown inside the transaction of a dry run so that everything it wrote is rolled back. */
class DryRunRollback extends Error {
  constructor(readonly result: ApplyResult) {
    super('dry run');
  }
}

/**
 * POST /api/timetable/templates/{id}/apply: lays the template over dates — from the chosen period's
 * start (or `from`; never before today) to the end of the school year (or `to`) — for every class of
 * the template, on the days its own terms cover (четверти for 1–9, полугодия for 10–11), holidays
 * skipped: one application moves the whole school. Lessons that hold nothing a person entered and
 * have not begun belong to the timetable: they move to the template's lessons (planning
 * matchLessons) or go, and the КТП they held is laid again in order onto the new lessons of those
 * dates. A lesson with marks, attendance, a typed topic or homework, a one-off change, or already
 * begun by the school clock is kept; the result lists the classes and dates that change, the weekly
 * counts that then differ from the template and every teacher or room booked twice. A dry run does
 * all of it in a transaction that is rolled back (the preview).
 */
export async function applyTemplate(
  db: Database,
  actor: Actor,
  templateId: number,
  input: ApplyInputParsed,
): Promise<ApplyResult> {
  const template = await findInScope(db, actor, timetableTemplates, templateId, TEMPLATE_NOT_FOUND);
  const period = await getPeriod(db, actor, input.period_id);
  if (period.organization_id !== template.organizationId) {
    throw unprocessable(VALIDATION_MESSAGE, { period_id: ['Период другой организации'] });
  }
  const year = await findYearPeriods(db, template.organizationId, period.academic_year);
  const yearEnd =
    year
      .map((row) => row.endDate)
      .sort()
      .at(-1) ?? period.end_date;
  // ISO dates compare as strings.
  const from = [period.start_date, input.from ?? period.start_date, schoolToday()].sort()[2];
  const to = [yearEnd, input.to ?? yearEnd].sort()[0];
  if (from > to) {
    throw unprocessable(VALIDATION_MESSAGE, {
      period_id: ['Период уже прошёл: прошедшие уроки не меняются'],
    });
  }
  const slots = await findSlots(db, templateId);
  const grades = [...new Set(slots.map((slot) => slot.grade))];
  const spansOfGrade = new Map(grades.map((grade) => [grade, teachingSpans(year, grade, { from, to })]));
  const bells = await findBellTimes(db, template.organizationId);
  const holidays = await holidaysBetween(db, template.organizationId, from, to);
  const planned = grades.flatMap((grade) => {
    const ofGrade = slots
      .filter((slot) => slot.grade === grade)
      .map((slot) => ({
        classId: slot.group_id,
        grade: slot.grade,
        weekday: slot.weekday,
        lessonNumber: slot.lesson_number,
        subgroupId: slot.subgroup_id,
        subjectId: slot.subject_id,
        teacherId: slot.teacher_id,
        loadId: slot.load_id,
      }));
    return spansOfGrade
      .get(grade)!
      .flatMap((span) => planLessons(ofGrade, bells, template.bellScheduleId, span, holidays));
  });
  const gradeOfClass = new Map(slots.map((slot) => [slot.group_id, slot.grade]));
  const classIds = [...gradeOfClass.keys()];
  const taught = (lesson: { classId: number; date: string }) =>
    spansOfGrade
      .get(gradeOfClass.get(lesson.classId)!)!
      .some((span) => span.from <= lesson.date && lesson.date <= span.to);

  try {
    return await db.transaction(async (tx) => {
      const existing = (await findLessonsForApply(tx, classIds, from, to))
        .filter(taught)
        // A lesson that has begun is given: it stays where it was, whatever it holds.
        .map((lesson) => ({
          ...lesson,
          locked: lesson.locked || lessonStarted(lesson.date, lesson.startTime),
        }));
      const plan = matchLessons(planned, existing);
      // Read before the lessons move: which КТП each class's lessons held, to lay it again after.
      const ktpLinks = existing.flatMap((lesson) =>
        lesson.ktpItemId === null ? [] : [{ classId: lesson.classId, ktpItemId: lesson.ktpItemId }],
      );
      await deleteLessons(tx, plan.toDelete);
      await updateLessonPlans(tx, plan.toUpdate);
      let timetableId: number | null = null;
      if (plan.toInsert.length > 0) {
        timetableId = await insertTimetable(tx, {
          organizationId: template.organizationId,
          templateId,
          periodId: period.id,
          startDate: from,
          endDate: to,
        });
        await insertLessons(tx, template.organizationId, timetableId, plan.toInsert);
      }
      const changed = plan.toInsert.length + plan.toUpdate.length + plan.toDelete.length > 0;
      const ktpRelaid = changed
        ? await relayPlansOfLessons(
            tx,
            template.organizationId,
            ktpLinks,
            new Set(existing.filter((lesson) => lesson.locked).map((lesson) => lesson.id)),
            { from, to },
          )
        : 0;
      const report = await applyReport(tx, template.organizationId, slots, planned, { from, to });
      const result: ApplyResult = {
        timetable_id: input.dry_run ? null : timetableId,
        from,
        to,
        created: plan.toInsert.length,
        updated: plan.toUpdate.length,
        removed: plan.toDelete.length,
        kept: plan.kept,
        dry_run: input.dry_run,
        ktp_relaid: ktpRelaid,
        ...report,
        changed_classes: classChanges(slots, spansOfGrade, plan, existing),
      };
      if (input.dry_run) throw new DryRunRollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result;
    throw error;
  }
}

/** The classes whose lessons the plan changes, with the dates applied to each and the counts. */
function classChanges(
  slots: SlotRow[],
  spansOfGrade: Map<number, { from: string; to: string }[]>,
  plan: ReturnType<typeof matchLessons>,
  existing: readonly { id: number; classId: number }[],
): ApplyResult['changed_classes'] {
  const classOf = new Map(existing.map((lesson) => [lesson.id, lesson.classId]));
  const counts = new Map<number, { created: number; updated: number; removed: number }>();
  const bump = (classId: number, field: 'created' | 'updated' | 'removed') => {
    const count = counts.get(classId) ?? { created: 0, updated: 0, removed: 0 };
    count[field]++;
    counts.set(classId, count);
  };
  for (const lesson of plan.toInsert) bump(lesson.classId, 'created');
  for (const lesson of plan.toUpdate) bump(lesson.classId, 'updated');
  for (const id of plan.toDelete) bump(classOf.get(id)!, 'removed');
  const named = new Map(slots.map((slot) => [slot.group_id, slot]));
  return [...counts]
    .map(([classId, count]) => {
      const slot = named.get(classId)!;
      const spans = spansOfGrade.get(slot.grade) ?? [];
      return {
        group_id: classId,
        group_name: groupName({ number: slot.grade, letter: slot.letter }),
        from: spans[0]?.from ?? '',
        to: spans.at(-1)?.to ?? '',
        ...count,
      };
    })
    .sort((a, b) => a.group_name.localeCompare(b.group_name, 'ru', { numeric: true }));
}

/** The weekly counts that differ from the template and the double bookings, after applying. */
async function applyReport(
  db: Database,
  organizationId: number,
  slots: SlotRow[],
  planned: LessonValues[],
  range: { from: string; to: string },
) {
  // Lessons carry no room: a lesson made from a slot of this template is in the slot's room.
  const roomOf = new Map(
    slots
      .filter((slot) => slot.room)
      .map((slot) => [
        `${slot.group_id}|${slot.weekday}|${slot.lesson_number}|${slot.subgroup_id ?? 0}|${slot.load_id}`,
        slot.room,
      ]),
  );
  const lessons: ReportLesson[] = (await findLessonsForReport(db, organizationId, range.from, range.to)).map(
    (row) => ({
      id: row.id,
      classId: row.classId,
      groupName: groupName({ number: row.grade, letter: row.letter }),
      subgroupId: row.subgroupId,
      subgroupName: row.subgroupName,
      subjectId: row.subjectId,
      subjectName: row.subjectName,
      teacherId: row.teacherId,
      teacherName: joinedTeacherName(row),
      room:
        roomOf.get(
          `${row.classId}|${isoWeekday(row.date)}|${row.lessonNumber}|${row.subgroupId ?? 0}|${row.loadId}`,
        ) ?? null,
      date: row.date,
      lessonNumber: row.lessonNumber,
    }),
  );
  const lines = slots.map((slot) => ({
    classId: slot.group_id,
    groupName: groupName({ number: slot.grade, letter: slot.letter }),
    subgroupId: slot.subgroup_id,
    subgroupName: slot.subgroup_name,
    subjectId: slot.subject_id,
    subjectName: slot.subject_name,
  }));
  return {
    count_mismatches: countMismatches(planned, lessons, lines, range),
    double_bookings: doubleBookings(lessons),
  };
}

/** Slots of a template written in bulk (a generated timetable); the caller has checked the template's scope. */
export function addSlots(db: Database, organizationId: number, rows: Parameters<typeof insertSlots>[2]) {
  return insertSlots(db, organizationId, rows);
}

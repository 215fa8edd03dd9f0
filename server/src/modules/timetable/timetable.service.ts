import type {
  ApplyResult,
  applyInputSchema,
  Lesson,
  lessonChangeSchema,
  lessonQuerySchema,
  SlotInput,
  TimetableSlot,
  TimetableTemplate,
  TimetableTemplateDetail,
  TodayLessons,
  templateInputSchema,
} from '@parta/shared/domain/contracts/timetable';
import { groupName, shortName } from '@parta/shared/domain/names';
import {
  addDays,
  type DayOff,
  formatTime,
  type GridSlot,
  layOutLessons,
  placementConflict,
} from '@parta/shared/domain/timetable';
import { parseSettings } from '@parta/shared/domain/week';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { lessons, timetableTemplates } from '../../db/schema';
import { assertInScope, findInScope, inScope, scopeFilter } from '../../db/scope';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { getSettings } from '../organizations/organizations.service';
import { getPeriod, holidaysBetween } from '../periods/periods.service';
import {
  deleteLessons,
  deleteSlot,
  deleteTemplate,
  findBellScheduleOf,
  findBellTimes,
  findClassGrade,
  findClassLessonsAt,
  findFirstLessonDate,
  findLessons,
  findLessonsForApply,
  findLoadOf,
  findSlots,
  findStaffMember,
  findStudentOfUser,
  findTeacherLessonsAt,
  findTemplates,
  insertLessons,
  insertSlots,
  insertTemplate,
  insertTimetable,
  type LessonRow,
  type LessonValues,
  type SlotRow,
  studentLessonsCondition,
  type TemplateValues,
  updateLesson,
  updateLessonPlan,
  updateTemplate,
} from './timetable.repository';

type TemplateInput = z.output<typeof templateInputSchema>;
type ApplyInput = z.output<typeof applyInputSchema>;
type LessonQuery = z.output<typeof lessonQuerySchema>;
type LessonChange = z.output<typeof lessonChangeSchema>;

const TEMPLATE_NOT_FOUND = 'Шаблон расписания не найден';
const LESSON_NOT_FOUND = 'Урок не найден';

/** Today in the schools' time zone (the demo schools are in Moscow time). */
// Made once: building an Intl formatter costs ~0.2 ms, more than the rest of a journal request's own work.
const MOSCOW_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });

export function schoolToday(): string {
  return MOSCOW_DATE.format(new Date());
}

// ---------------------------------------------------------------- planning (pure, also used by the seed)

export interface BellTime {
  scheduleId: number;
  isDefault: boolean;
  grades: number[];
  number: number;
  startTime: string;
  endTime: string;
}

/**
 * Bell times of a grade: the schedule that names the grade (1st grade's own), else the template's,
 * else the organization's default. Lesson number → start and end.
 */
export function bellsForGrade(
  bells: readonly BellTime[],
  grade: number,
  templateScheduleId: number | null,
): Map<number, { start: string; end: string }> {
  const pick =
    bells.find((bell) => bell.grades.includes(grade))?.scheduleId ??
    (templateScheduleId !== null && bells.some((bell) => bell.scheduleId === templateScheduleId)
      ? templateScheduleId
      : undefined) ??
    bells.find((bell) => bell.isDefault)?.scheduleId ??
    bells[0]?.scheduleId;
  return new Map(
    bells
      .filter((bell) => bell.scheduleId === pick)
      .map((bell) => [bell.number, { start: bell.startTime, end: bell.endTime }]),
  );
}

/** A template slot as planning needs it. */
export interface PlanSlot {
  classId: number;
  grade: number;
  weekday: number;
  lessonNumber: number;
  subgroupId: number | null;
  subjectId: number;
  teacherId: number | null;
  loadId: number;
}

/** The dated lessons a template gives over a range: every slot on its weekdays, holidays skipped, bell times copied. */
export function planLessons(
  slots: readonly PlanSlot[],
  bells: readonly BellTime[],
  templateScheduleId: number | null,
  range: { from: string; to: string },
  holidays: readonly DayOff[],
): LessonValues[] {
  const timesByGrade = new Map<number, Map<number, { start: string; end: string }>>();
  const timesOf = (grade: number) => {
    let times = timesByGrade.get(grade);
    if (!times) {
      times = bellsForGrade(bells, grade, templateScheduleId);
      timesByGrade.set(grade, times);
    }
    return times;
  };
  return layOutLessons(slots, range, holidays).map(({ date, lesson }) => {
    const time = timesOf(lesson.grade).get(lesson.lessonNumber);
    return {
      classId: lesson.classId,
      subgroupId: lesson.subgroupId,
      subjectId: lesson.subjectId,
      teacherId: lesson.teacherId,
      loadId: lesson.loadId,
      date,
      lessonNumber: lesson.lessonNumber,
      startTime: time?.start ?? null,
      endTime: time?.end ?? null,
    };
  });
}

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
    teacher_name: row.teacher_id
      ? shortName({ surname: row.teacherSurname, name: row.teacherName, patronymic: row.teacherPatronymic })
      : null,
    weekday: row.weekday,
    lesson_number: row.lesson_number,
    room: row.room,
  };
}

/** GET /api/timetable: the templates of the caller's tree (SPEC §7: the body is the list). */
export function listTemplates(db: Db, actor: Actor, organizationId?: number): Promise<TimetableTemplate[]> {
  return findTemplates(db, scopeFilter(actor, timetableTemplates.organizationId, organizationId));
}

async function getTemplate(db: Db, actor: Actor, id: number): Promise<TimetableTemplate> {
  const [row] = await findTemplates(
    db,
    and(eq(timetableTemplates.id, id), inScope(actor, timetableTemplates.organizationId)),
  );
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

export async function getTemplateDetail(db: Db, actor: Actor, id: number): Promise<TimetableTemplateDetail> {
  const template = await getTemplate(db, actor, id);
  return { ...template, slots: (await findSlots(db, id)).map(toSlot) };
}

async function templateValues(db: Db, organizationId: number, input: TemplateInput): Promise<TemplateValues> {
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

export async function createTemplate(db: Db, actor: Actor, input: TemplateInput): Promise<TimetableTemplate> {
  const organizationId = input.organization_id ?? actor.organizationId;
  assertInScope(actor, organizationId);
  const id = await insertTemplate(db, organizationId, await templateValues(db, organizationId, input));
  return getTemplate(db, actor, id);
}

export async function changeTemplate(db: Db, actor: Actor, id: number, input: TemplateInput) {
  const template = await findInScope(db, actor, timetableTemplates, id, TEMPLATE_NOT_FOUND);
  await updateTemplate(db, id, await templateValues(db, template.organizationId, input));
  return getTemplate(db, actor, id);
}

/** Deletes a template and its slots; dated lessons made from it stay (the journal holds them). */
export async function removeTemplate(db: Db, actor: Actor, id: number) {
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
  db: Db,
  actor: Actor,
  templateId: number,
  input: SlotInput,
): Promise<TimetableSlot> {
  const template = await findInScope(db, actor, timetableTemplates, templateId, TEMPLATE_NOT_FOUND);
  const load = await findLoadOf(db, Number(input.load_id), template.organizationId);
  if (!load)
    throw unprocessable(VALIDATION_MESSAGE, { load_id: ['Строка нагрузки не найдена в этой организации'] });
  const slots = await findSlots(db, templateId);
  const settings = parseSettings(await getSettings(db, actor, template.organizationId));
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

export async function removeSlot(db: Db, actor: Actor, templateId: number, slotId: number) {
  await findInScope(db, actor, timetableTemplates, templateId, TEMPLATE_NOT_FOUND);
  if (!(await deleteSlot(db, templateId, slotId))) throw notFound('Урок в шаблоне не найден');
}

// ---------------------------------------------------------------- applying a template

const positionKey = (lesson: {
  classId: number;
  date: string;
  lessonNumber: number;
  subgroupId: number | null;
}) => `${lesson.classId}|${lesson.date}|${lesson.lessonNumber}|${lesson.subgroupId ?? 0}`;

/**
 * POST /api/timetable/templates/{id}/apply: lays the template over a period (from today on, never
 * the past), skipping holidays, for the classes of the period's grades. Re-applying updates the
 * future lessons to the template and removes the ones it no longer has, but never touches a lesson
 * with marks, attendance, a topic, homework or a one-off change.
 */
export async function applyTemplate(
  db: Db,
  actor: Actor,
  templateId: number,
  input: ApplyInput,
): Promise<ApplyResult> {
  const template = await findInScope(db, actor, timetableTemplates, templateId, TEMPLATE_NOT_FOUND);
  const period = await getPeriod(db, actor, input.period_id);
  if (period.organization_id !== template.organizationId) {
    throw unprocessable(VALIDATION_MESSAGE, { period_id: ['Период другой организации'] });
  }
  const starts = [period.start_date, input.from ?? period.start_date, schoolToday()].sort();
  const from = starts[2];
  const to = [period.end_date, input.to ?? period.end_date].sort()[0];
  if (from > to) {
    throw unprocessable(VALIDATION_MESSAGE, {
      period_id: ['Период уже прошёл: прошедшие уроки не меняются'],
    });
  }
  const slots = (await findSlots(db, templateId)).filter((slot) => period.grades.includes(slot.grade));
  const planned = planLessons(
    slots.map((slot) => ({
      classId: slot.group_id,
      grade: slot.grade,
      weekday: slot.weekday,
      lessonNumber: slot.lesson_number,
      subgroupId: slot.subgroup_id,
      subjectId: slot.subject_id,
      teacherId: slot.teacher_id,
      loadId: slot.load_id,
    })),
    await findBellTimes(db, template.organizationId),
    template.bellScheduleId,
    { from, to },
    await holidaysBetween(db, template.organizationId, from, to),
  );
  const classIds = [...new Set(slots.map((slot) => slot.group_id))];

  return db.transaction(async (tx) => {
    const existing = await findLessonsForApply(tx as unknown as Db, classIds, from, to);
    const byPosition = new Map<string, (typeof existing)[number][]>();
    for (const lesson of existing) {
      const key = positionKey(lesson);
      byPosition.set(key, [...(byPosition.get(key) ?? []), lesson]);
    }
    const result = { created: 0, updated: 0, removed: 0, kept: 0 };
    const toInsert: LessonValues[] = [];
    const matched = new Set<number>();
    for (const plan of planned) {
      const here = byPosition.get(positionKey(plan)) ?? [];
      if (here.length === 0) {
        toInsert.push(plan);
        continue;
      }
      const lesson = here.find((candidate) => !matched.has(candidate.id));
      if (!lesson) continue;
      matched.add(lesson.id);
      if (lesson.locked) continue;
      const same =
        lesson.subjectId === plan.subjectId &&
        lesson.teacherId === plan.teacherId &&
        lesson.loadId === plan.loadId &&
        formatTime(lesson.startTime) === plan.startTime &&
        formatTime(lesson.endTime) === plan.endTime;
      if (!same) {
        await updateLessonPlan(tx as unknown as Db, lesson.id, plan);
        result.updated++;
      }
    }
    const stale = existing
      .filter((lesson) => !matched.has(lesson.id) && !lesson.locked)
      .map((lesson) => lesson.id);
    result.kept = existing.filter((lesson) => lesson.locked).length;
    await deleteLessons(tx as unknown as Db, stale);
    result.removed = stale.length;
    const timetableId = await insertTimetable(tx as unknown as Db, {
      organizationId: template.organizationId,
      templateId,
      periodId: period.id,
      startDate: from,
      endDate: to,
    });
    await insertLessons(tx as unknown as Db, template.organizationId, timetableId, toInsert);
    result.created = toInsert.length;
    return { timetable_id: timetableId, from, to, ...result };
  });
}

// ---------------------------------------------------------------- dated lessons

function toLesson(row: LessonRow): Lesson {
  return {
    id: row.id,
    date: row.date,
    lesson_number: row.lesson_number,
    start_time: formatTime(row.start_time) || null,
    end_time: formatTime(row.end_time) || null,
    group_id: row.group_id,
    group_name: groupName(row),
    subgroup_id: row.subgroup_id,
    subgroup_name: row.subgroup_name,
    subject_id: row.subject_id,
    subject_name: row.subject_name,
    teacher_id: row.teacher_id,
    teacher_name: row.teacher_id
      ? shortName({ surname: row.teacherSurname, name: row.teacherName, patronymic: row.teacherPatronymic })
      : null,
    original_teacher_id: row.original_teacher_id,
    load_id: row.load_id,
    topic: row.topic,
    homework: row.homework,
    status: row.status,
  };
}

/** GET /api/lessons: a class's or a teacher's dated lessons in a date range. */
export async function listLessons(db: Db, actor: Actor, query: LessonQuery): Promise<Lesson[]> {
  const rows = await findLessons(
    db,
    and(
      inScope(actor, lessons.organizationId),
      query.group_id === undefined ? undefined : eq(lessons.classId, query.group_id),
      query.teacher_id === undefined ? undefined : eq(lessons.teacherId, query.teacher_id),
      gte(lessons.date, query.from),
      lte(lessons.date, query.to),
    ),
  );
  return rows.map(toLesson);
}

async function getLesson(db: Db, actor: Actor, id: number): Promise<Lesson> {
  const [row] = await findLessons(db, and(eq(lessons.id, id), inScope(actor, lessons.organizationId)));
  if (!row) throw notFound(LESSON_NOT_FOUND);
  return toLesson(row);
}

/**
 * PATCH /api/lessons/{id}: a one-off change — a replacement teacher, a move to another date or
 * lesson, a cancellation, or back to the template's plan — without touching the template.
 */
export async function changeLesson(db: Db, actor: Actor, id: number, change: LessonChange): Promise<Lesson> {
  const lesson = await findInScope(db, actor, lessons, id, LESSON_NOT_FOUND);
  const templateTeacher = lesson.originalTeacherId ?? lesson.teacherId;
  if (change.status === 'cancelled') {
    await updateLesson(db, id, { status: 'cancelled' });
  } else if (change.status === 'scheduled') {
    await updateLesson(db, id, { status: 'scheduled', teacherId: templateTeacher, originalTeacherId: null });
  } else if (change.status === 'replaced') {
    if (!change.teacher_id)
      throw unprocessable(VALIDATION_MESSAGE, { teacher_id: ['Выберите учителя на замену'] });
    if (!(await findStaffMember(db, change.teacher_id, lesson.organizationId)))
      throw unprocessable(VALIDATION_MESSAGE, { teacher_id: ['Учитель не найден в этой организации'] });
    if (
      (await findTeacherLessonsAt(db, change.teacher_id, lesson.date, lesson.lessonNumber, id)).length > 0
    ) {
      throw conflict('Этот учитель уже ведёт урок в это время');
    }
    await updateLesson(db, id, {
      status: 'replaced',
      teacherId: change.teacher_id,
      originalTeacherId: templateTeacher,
    });
  } else {
    const date = change.date ?? lesson.date;
    const lessonNumber = change.lesson_number ?? lesson.lessonNumber;
    if (date === lesson.date && lessonNumber === lesson.lessonNumber) {
      throw unprocessable(VALIDATION_MESSAGE, { date: ['Укажите новую дату или номер урока'] });
    }
    const others = await findClassLessonsAt(db, lesson.classId, date, lessonNumber, id);
    if (
      others.some(
        (other) =>
          other.subgroupId === null || lesson.subgroupId === null || other.subgroupId === lesson.subgroupId,
      )
    ) {
      throw conflict('У класса уже есть урок в это время');
    }
    if (
      lesson.teacherId &&
      (await findTeacherLessonsAt(db, lesson.teacherId, date, lessonNumber, id)).length > 0
    ) {
      throw conflict('Учитель уже ведёт урок в это время');
    }
    const grade = await findClassGrade(db, lesson.classId);
    const time = bellsForGrade(await findBellTimes(db, lesson.organizationId), grade, null).get(lessonNumber);
    await updateLesson(db, id, {
      status: 'moved',
      date,
      lessonNumber,
      startTime: time?.start ?? null,
      endTime: time?.end ?? null,
    });
  }
  return getLesson(db, actor, id);
}

/**
 * GET /api/lessons/today: a teacher's own lessons or a student's class's (their subgroups only)
 * for the day; when the day has none (a Sunday, каникулы), the next day with lessons within two weeks.
 */
export async function todayLessons(db: Db, actor: Actor, date = schoolToday()): Promise<TodayLessons> {
  const student = await findStudentOfUser(db, actor.userId);
  const role = student ? 'student' : 'teacher';
  const where = and(
    inScope(actor, lessons.organizationId),
    student ? studentLessonsCondition(student) : eq(lessons.teacherId, actor.userId),
  );
  const day = (await findFirstLessonDate(db, where, date, addDays(date, 14))) ?? date;
  const rows = await findLessons(db, and(where, eq(lessons.date, day)));
  if (!student && rows.length === 0) return { date: day, role: 'none', lessons: [] };
  return { date: day, role, lessons: rows.map(toLesson) };
}

import {
  type ClassPlan,
  type Course,
  type CourseInputParsed,
  type CourseSlot,
  DEFAULT_DIRECTIONS,
  type Directions,
  type DirectionsInputParsed,
  type PlanInputParsed,
  type ScheduleInputParsed,
} from '@parta/shared/domain/contracts/extracurricular';
import type { Holiday, Period } from '@parta/shared/domain/contracts/timetable';
import { groupName, joinedTeacherName, shortName } from '@parta/shared/domain/names';
import { addDays, clockTime, eachDate, isDayOff, isoWeekday } from '@parta/shared/domain/timetable';
import { WEEK_DAYS_SHORT } from '@parta/shared/domain/week';
import { and, eq } from 'drizzle-orm';
import { targetOrganization } from '../../access/organization';
import { inScope } from '../../access/scope';
import { teaches, teachingActor } from '../../access/teaching';
import type { Database } from '../../db/client';
import { classes, extracurricularCourses } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { forbidden, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { schoolToday } from '../clock/clock.service';
import { holidaysBetween, listPeriods } from '../periods/periods.service';
import { readSchoolSettings } from '../settings/school-settings.service';
import { isStaffOf } from '../users/users.service';
import {
  type CoTeacherRow,
  type CourseRow,
  type CourseValues,
  courseReachSql,
  deleteCourse,
  findClass,
  findCoTeachers,
  findCourses,
  findDirections,
  findMembers,
  findPlan,
  findSlots,
  findStudentsOf,
  insertCourse,
  type MemberRow,
  replaceCoTeachers,
  replaceDirections,
  replaceMembers,
  replacePlan,
  replaceSlots,
  updateCourse,
} from './extracurricular.repository';
import {
  type CollidingLesson,
  courseSlotAt,
  deleteEmptySessionsFrom,
  findSessions,
  insertSessions,
  pupilLessonAt,
  roomLessonAt,
  type SlotProbe,
  teacherLessonAt,
} from './sessions.repository';

export const COURSE_NOT_FOUND = 'Курс не найден';
const NOT_READER = 'Курс открыт его учителю, классным руководителям его учеников и завучу';

/** Whoever holds loads.edit (завуч, директор) manages every course of the school. */
export const managesCourses = (actor: Actor) => actor.permissions.has('loads.edit');

/** A course's teachers: its main one and the others. */
export const courseTeacherIds = (course: Pick<Course, 'teacher_id' | 'co_teachers'>) => [
  course.teacher_id,
  ...course.co_teachers.map((teacher) => teacher.id),
];

/** The course's journal is marked with journals.edit by its teachers, or by whoever manages courses. */
export function marksCourse(actor: Actor, teacherIds: readonly (number | null)[]): boolean {
  return actor.permissions.has('journals.edit') && teaches(teachingActor(actor), teacherIds);
}

const toStudent = (row: Omit<MemberRow, 'courseId' | 'managerId'>) => ({
  id: row.id,
  name: `${row.surname} ${row.name}`,
  group_id: row.classId,
  group_name:
    row.number === null || row.letter === null ? null : groupName({ number: row.number, letter: row.letter }),
});

function toCourse(
  actor: Actor,
  row: CourseRow,
  members: MemberRow[],
  slots: (CourseSlot & { courseId: number })[],
  coTeachers: CoTeacherRow[],
): Course {
  const others = coTeachers
    .filter((teacher) => teacher.courseId === row.id)
    .map((teacher) => ({ id: teacher.id, name: shortName(teacher) }));
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    direction: row.direction,
    teacher_id: row.teacher_id,
    teacher_name: joinedTeacherName(row),
    co_teachers: others,
    hours_per_week: row.hours_per_week,
    pass_fail: row.pass_fail,
    students: members.filter((member) => member.courseId === row.id).map(toStudent),
    slots: slots
      .filter((slot) => slot.courseId === row.id)
      .map(({ courseId: _course, ...slot }) => ({
        ...slot,
        start_time: clockTime(slot.start_time)!,
        end_time: clockTime(slot.end_time)!,
      })),
    can_edit: marksCourse(actor, [row.teacher_id, ...others.map((teacher) => teacher.id)]),
  };
}

async function coursesWith(db: Database, actor: Actor, rows: CourseRow[]): Promise<Course[]> {
  const ids = rows.map((row) => row.id);
  const [members, slots, coTeachers] = await Promise.all([
    findMembers(db, ids),
    findSlots(db, ids),
    findCoTeachers(db, ids),
  ]);
  return rows.map((row) => toCourse(actor, row, members, slots, coTeachers));
}

/** GET /api/extracurricular/courses: every course for the завуч, else those the caller teaches or whose pupils they lead. */
export async function listCourses(db: Database, actor: Actor): Promise<Course[]> {
  const reach = managesCourses(actor) ? undefined : courseReachSql(actor.userId);
  return coursesWith(
    db,
    actor,
    await findCourses(db, and(inScope(actor, extracurricularCourses.organizationId), reach)),
  );
}

/**
 * Every course of the caller's school, whoever leads it: for the year's archive (archive-build.ts),
 * which keeps each course's journal as the school's record. Not a route's answer: the archive's own
 * access rule decides who starts a build and who reads its files.
 */
export async function schoolCourses(db: Database, actor: Actor): Promise<Course[]> {
  return coursesWith(db, actor, await findCourses(db, inScope(actor, extracurricularCourses.organizationId)));
}

/** One course the caller reads: another school's is 404, one the caller has no part in 403. */
export async function readableCourse(db: Database, actor: Actor, id: number): Promise<Course> {
  const [row] = await findCourses(
    db,
    and(eq(extracurricularCourses.id, id), inScope(actor, extracurricularCourses.organizationId)),
  );
  if (!row) throw notFound(COURSE_NOT_FOUND);
  const [course] = await coursesWith(db, actor, [row]);
  const leads = (await findMembers(db, [id])).some((member) => member.managerId === actor.userId);
  if (!managesCourses(actor) && !courseTeacherIds(course).includes(actor.userId) && !leads)
    throw forbidden(NOT_READER);
  return course;
}

// ---------------------------------------------------------------- directions

async function directionsOf(db: Database, organizationId: number): Promise<string[]> {
  const stored = await findDirections(db, organizationId);
  return stored.length > 0 ? stored : [...DEFAULT_DIRECTIONS];
}

export async function getDirections(db: Database, actor: Actor): Promise<Directions> {
  return { names: await directionsOf(db, targetOrganization(actor)) };
}

export async function setDirections(
  db: Database,
  actor: Actor,
  input: DirectionsInputParsed,
): Promise<Directions> {
  const organizationId = targetOrganization(actor);
  await db.transaction((tx) => replaceDirections(tx, organizationId, input.names));
  return { names: input.names };
}

// ---------------------------------------------------------------- courses

/** The direction is the school's, the teacher works there, every pupil is an active pupil of the school. */
async function checkCourse(
  db: Database,
  organizationId: number,
  input: CourseInputParsed,
): Promise<CourseValues> {
  const errors: Record<string, string[]> = {};
  if (!(await directionsOf(db, organizationId)).includes(input.direction))
    errors.direction = ['Такого направления нет в списке школы'];
  if (!(await isStaffOf(db, input.teacher_id, organizationId)))
    errors.teacher_id = ['Учитель не найден в этой организации'];
  if (input.co_teacher_ids.includes(input.teacher_id))
    errors.co_teacher_ids = ['Основной учитель уже ведёт курс: выберите других'];
  else
    for (const id of input.co_teacher_ids)
      if (!(await isStaffOf(db, id, organizationId))) {
        errors.co_teacher_ids = ['Среди других учителей есть не сотрудник этой организации'];
        break;
      }
  const found = new Set((await findStudentsOf(db, organizationId, input.student_ids)).map((row) => row.id));
  if (input.student_ids.some((id) => !found.has(id)))
    errors.student_ids = ['Среди учеников есть ученик другой школы или выбывший'];
  if (Object.keys(errors).length > 0) throw unprocessable(VALIDATION_MESSAGE, errors);
  return {
    name: input.name,
    direction: input.direction,
    teacherId: input.teacher_id,
    hoursPerWeek: input.hours_per_week,
    passFail: input.pass_fail,
  };
}

export async function createCourse(db: Database, actor: Actor, input: CourseInputParsed): Promise<Course> {
  const organizationId = targetOrganization(actor);
  const values = await checkCourse(db, organizationId, input);
  const id = await db.transaction(async (tx) => {
    const courseId = await insertCourse(tx, organizationId, values);
    await replaceMembers(tx, organizationId, courseId, input.student_ids);
    await replaceCoTeachers(tx, organizationId, courseId, input.co_teacher_ids);
    return courseId;
  });
  return readableCourse(db, actor, id);
}

export async function changeCourse(
  db: Database,
  actor: Actor,
  id: number,
  input: CourseInputParsed,
): Promise<Course> {
  const course = await readableCourse(db, actor, id);
  const values = await checkCourse(db, course.organization_id, input);
  await db.transaction(async (tx) => {
    await updateCourse(tx, id, values);
    await replaceMembers(tx, course.organization_id, id, input.student_ids);
    await replaceCoTeachers(tx, course.organization_id, id, input.co_teacher_ids);
  });
  return readableCourse(db, actor, id);
}

export async function removeCourse(db: Database, actor: Actor, id: number) {
  await readableCourse(db, actor, id);
  await deleteCourse(db, id);
}

// ---------------------------------------------------------------- schedule and sessions

/** The terms of the academic year holding `today` (or the next one) that teach any of `grades`. */
function yearTerms(periods: Period[], today: string, grades: number[]): Period[] {
  const current =
    periods.find((period) => period.start_date <= today && today <= period.end_date) ??
    [...periods]
      .sort((a, b) => a.start_date.localeCompare(b.start_date))
      .find((period) => period.start_date > today);
  if (!current) return [];
  const ofYear = periods.filter(
    (period) =>
      period.academic_year === current.academic_year && period.grades.some((grade) => grades.includes(grade)),
  );
  const terms = ofYear.filter((period) => period.kind !== 'year');
  return terms.length > 0 ? terms : ofYear;
}

/**
 * The dated sessions of weekly `slots` from `from` over the terms: each date a slot's weekday falls
 * on, unless every pupil's grade has a holiday then.
 */
export function layOutSessions(
  slots: ScheduleInputParsed['slots'],
  terms: readonly { start_date: string; end_date: string }[],
  holidays: readonly Holiday[],
  grades: number[],
  from: string,
) {
  const dates = new Set<string>();
  for (const term of terms) {
    const start = term.start_date > from ? term.start_date : from;
    if (start <= term.end_date) for (const date of eachDate(start, term.end_date)) dates.add(date);
  }
  const sessions: { date: string; start_time: string; end_time: string; room: string | null }[] = [];
  for (const date of [...dates].sort()) {
    if (grades.every((grade) => isDayOff(date, grade, holidays))) continue;
    for (const slot of slots) if (slot.weekday === isoWeekday(date)) sessions.push({ date, ...slot });
  }
  return sessions;
}

const time = (value: string | null) => clockTime(value) ?? '';

function lessonText(lesson: CollidingLesson): string {
  const group = groupName({ number: lesson.number, letter: lesson.letter });
  return `${group}, «${lesson.subject}» ${time(lesson.start_time)}–${time(lesson.end_time)}`;
}

/** Why a weekly slot cannot be: a pupil's lesson (with the break), the teacher's lesson, the room's, another course's. */
async function slotCollision(
  db: Database,
  course: Course,
  slot: ScheduleInputParsed['slots'][number],
  probe: SlotProbe,
): Promise<string | null> {
  const when = `${WEEK_DAYS_SHORT[slot.weekday - 1]} ${slot.start_time}–${slot.end_time}`;
  const studentIds = course.students.map((student) => student.id);
  const [pupil] = await pupilLessonAt(db, probe, studentIds);
  if (pupil)
    return `${when}: у учеников урок (${lessonText(pupil)}); занятие — не раньше чем через ${probe.breakMinutes} мин после уроков`;
  const teacherIds = courseTeacherIds(course).filter((id): id is number => id !== null);
  for (const teacherId of teacherIds) {
    const [teacher] = await teacherLessonAt(db, probe, teacherId);
    if (teacher) return `${when}: у учителя урок (${lessonText(teacher)})`;
  }
  if (slot.room) {
    const [room] = await roomLessonAt(db, probe, slot.room);
    if (room) return `${when}: кабинет ${slot.room} занят уроком (${lessonText(room)})`;
  }
  const other = await courseSlotAt(db, probe, course.id, { teacherIds, room: slot.room });
  if (other)
    return other.sameTeacher
      ? `${when}: у учителя занятие курса «${other.name}» ${time(other.start_time)}–${time(other.end_time)}`
      : `${when}: кабинет ${slot.room} занят курсом «${other.name}» ${time(other.start_time)}–${time(other.end_time)}`;
  return null;
}

/**
 * PUT /api/extracurricular/courses/{id}/schedule: the weekly slots, each checked against the pupils'
 * lessons (and the school's break after them), the teacher's lessons and the room; then the sessions
 * from today on are laid again over the terms, holidays skipped (those already written about stay).
 */
export async function setSchedule(
  db: Database,
  actor: Actor,
  id: number,
  input: ScheduleInputParsed,
): Promise<Course> {
  const course = await readableCourse(db, actor, id);
  const organizationId = course.organization_id;
  const today = schoolToday();
  const grades = [
    ...new Set(
      (
        await findStudentsOf(
          db,
          organizationId,
          course.students.map((student) => student.id),
        )
      )
        .map((row) => row.number)
        .filter((grade): grade is number => grade !== null),
    ),
  ];
  const reach = grades.length > 0 ? grades : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  const terms = yearTerms(await listPeriods(db, actor, organizationId), today, reach);
  const yearEnd =
    terms
      .map((term) => term.end_date)
      .sort()
      .at(-1) ?? addDays(today, 365);
  const { extracurricular_break_minutes: breakMinutes } = await readSchoolSettings(db, organizationId);
  const errors: Record<string, string[]> = {};
  for (const [index, slot] of input.slots.entries()) {
    const probe = {
      organizationId,
      weekday: slot.weekday,
      start: slot.start_time,
      end: slot.end_time,
      breakMinutes,
      from: today,
      to: yearEnd,
    };
    const clash = input.slots.some(
      (other, j) =>
        j < index &&
        other.weekday === slot.weekday &&
        other.start_time < slot.end_time &&
        slot.start_time < other.end_time,
    )
      ? 'Занятия курса в один день пересекаются'
      : await slotCollision(db, course, slot, probe);
    if (clash) errors[`slots.${index}`] = [clash];
  }
  if (Object.keys(errors).length > 0)
    throw unprocessable('Занятие пересекается с уроками или занятиями', errors);

  const holidays = await holidaysBetween(db, organizationId, today, yearEnd);
  const laid = layOutSessions(input.slots, terms, holidays, reach, today);
  await db.transaction(async (tx) => {
    await replaceSlots(tx, organizationId, id, input.slots);
    await deleteEmptySessionsFrom(tx, id, today);
    const kept = new Set(
      (await findSessions(tx, id, today)).map((row) => `${row.date}|${time(row.start_time)}`),
    );
    await insertSessions(
      tx,
      organizationId,
      id,
      laid.filter((session) => !kept.has(`${session.date}|${session.start_time}`)),
    );
  });
  return readableCourse(db, actor, id);
}

// ---------------------------------------------------------------- class plans

/** A class of the caller's school (the route's key decides who reads or writes its plan). */
async function planClass(db: Database, actor: Actor, groupId: number) {
  const group = await findClass(db, groupId, inScope(actor, classes.organizationId));
  if (!group) throw notFound('Класс не найден');
  return group;
}

export async function getPlan(db: Database, actor: Actor, groupId: number): Promise<ClassPlan> {
  const group = await planClass(db, actor, groupId);
  return {
    group_id: group.id,
    group_name: groupName(group),
    items: await findPlan(db, group.id),
  };
}

export async function setPlan(
  db: Database,
  actor: Actor,
  groupId: number,
  input: PlanInputParsed,
): Promise<ClassPlan> {
  const group = await planClass(db, actor, groupId);
  const directions = await directionsOf(db, group.organizationId);
  const unknown = input.items.filter((item) => !directions.includes(item.direction));
  if (unknown.length > 0)
    throw unprocessable(VALIDATION_MESSAGE, {
      items: [`Нет в списке направлений школы: ${unknown.map((item) => item.direction).join(', ')}`],
    });
  await db.transaction((tx) => replacePlan(tx, group.organizationId, group.id, input.items));
  return getPlan(db, actor, groupId);
}

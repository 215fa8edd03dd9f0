import type {
  Absence,
  AbsenceDetail,
  AbsenceInputParsed,
  CoverLesson,
} from '@parta/shared/domain/contracts/substitutions';
import type { Lesson } from '@parta/shared/domain/contracts/timetable';
import { shortName } from '@parta/shared/domain/names';
import { addDays, monthRange, weekStart } from '@parta/shared/domain/timetable';
import { and, eq, gte, lte } from 'drizzle-orm';
import { findInScope, inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { teacherAbsences, users } from '../../db/schema';
import { type Actor, can } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { lessonStarted } from '../clock/clock.service';
import { readSchoolSettings } from '../settings/school-settings.service';
import { listTeacherLessonsWithReplaced } from '../timetable/lessons.service';
import {
  covers,
  dateSpan,
  mergedWith,
  mergeOptions,
  movedOf,
  moveOptions,
  rankedOf,
  type Surroundings,
  schoolDayOf,
  stateOf,
  surroundingsOf,
} from './cover-options';
import { rankCandidates, type SchoolDay } from './ranking';
import {
  type AbsenceRow,
  countPupils,
  countSubstitutions,
  findAbsences,
  findAbsencesOverlapping,
  findBusyLessons,
  findDayLessons,
  findLessonRooms,
  findLoadLines,
  findRooms,
  findTeachers,
  insertAbsence,
} from './substitutions.repository';

/**
 * Absences as the screen reads them: the list, one absence's lessons with what can be decided for
 * each (cover-options.ts computes it from the school read here), a new absence. The decisions are
 * substitutions.service.ts.
 */

const ABSENCE_NOT_FOUND = 'Отсутствие не найдено';
const TEACHER_NOT_FOUND = 'Учитель не найден';
/** Candidates listed per lesson: the screen shows the best few, «Распределить всё» ranks them all. */
const CANDIDATES_SHOWN = 6;

export async function absenceInScope(db: Database, actor: Actor, id: number): Promise<AbsenceRow> {
  const [row] = await findAbsences(
    db,
    and(eq(teacherAbsences.id, id), inScope(actor, teacherAbsences.organizationId)),
  );
  if (!row) throw notFound(ABSENCE_NOT_FOUND);
  return row;
}

/** The absent teacher's lessons of the range (a lesson given by a replacement included). */
export async function absenceLessons(db: Database, actor: Actor, absence: AbsenceRow): Promise<Lesson[]> {
  const list = await listTeacherLessonsWithReplaced(
    db,
    actor,
    absence.teacherId,
    absence.startDate,
    absence.endDate,
  );
  return list.filter(
    (lesson) =>
      covers(absence, lesson.date, lesson.lesson_number) &&
      // A lesson the absent teacher gives for someone else is that someone's absence, not this one.
      (lesson.original_teacher_id ?? lesson.teacher_id) === absence.teacherId,
  );
}

/** The school as the ranking sees it for the days of `lessons`: who is busy, away, loaded. */
export async function schoolPicture(
  db: Database,
  organizationId: number,
  dates: string[],
): Promise<SchoolDay> {
  const { from, to } = dateSpan(dates);
  // Weeks and months around the days: the weekly maximum and the month's substitutions.
  const weekFrom = weekStart(from);
  const weekTo = addDays(weekStart(to), 6);
  const month = { start: monthRange(from).from, end: monthRange(to).to };
  const [teachers, loadLines, busy, absences, monthCount, settings] = await Promise.all([
    findTeachers(db, organizationId),
    findLoadLines(db, organizationId),
    findBusyLessons(db, organizationId, weekFrom, weekTo),
    findAbsencesOverlapping(db, organizationId, from, to),
    countSubstitutions(db, organizationId, month.start, month.end),
    readSchoolSettings(db, organizationId),
  ]);
  return schoolDayOf({
    teachers,
    loadLines,
    busy,
    absences,
    monthCount,
    weeklyMax: settings.max_teacher_lessons_per_week,
  });
}

/**
 * The school's lessons around the absence's days, the classes' sizes, the rooms by name, the
 * teachers' own rooms, and the room of each lesson made from a template slot with one.
 */
export async function surroundings(
  db: Database,
  organizationId: number,
  dates: string[],
): Promise<Surroundings> {
  const { from, to } = dateSpan(dates);
  const [rows, pupils, rooms, lessonRooms] = await Promise.all([
    findDayLessons(db, organizationId, from, to),
    countPupils(db, organizationId),
    findRooms(db, organizationId),
    findLessonRooms(db, organizationId, from, to),
  ]);
  return surroundingsOf({ rows, pupils, rooms, lessonRooms });
}

/**
 * Whether the actor may read an absence's reason and comment (a sick note is health data, 152-ФЗ):
 * those who manage the timetable (the director, the завуч) and the absent teacher themself.
 */
function readsReason(actor: Actor, row: AbsenceRow): boolean {
  return can(actor, 'timetables.edit') || actor.userId === row.teacherId;
}

function toAbsence(actor: Actor, row: AbsenceRow, lessons: CoverLesson[]): Absence {
  const told = readsReason(actor, row);
  return {
    id: row.id,
    teacher_id: row.teacherId,
    teacher_name: shortName(row),
    from: row.startDate,
    to: row.endDate,
    from_lesson: row.fromLesson,
    reason: told ? row.reason : null,
    comment: told ? row.comment : null,
    open_count: lessons.filter((lesson) => lesson.state === 'open').length,
    lessons_count: lessons.length,
  };
}

export async function detail(db: Database, actor: Actor, absence: AbsenceRow): Promise<AbsenceDetail> {
  const list = await absenceLessons(db, actor, absence);
  const school = await schoolPicture(
    db,
    absence.organizationId,
    list.map((lesson) => lesson.date),
  );
  const around = await surroundings(
    db,
    absence.organizationId,
    list.map((lesson) => lesson.date),
  );
  const covered: CoverLesson[] = list.map((lesson) => {
    const state = stateOf(lesson);
    const started = lessonStarted(lesson.date, lesson.start_time);
    const row = around.byId.get(lesson.id);
    // Offered for an open lesson and, as a change of decision, for a replaced or cancelled one (a
    // moved lesson's options would be those of its new slot: it is put back first).
    const changeable = !started && row !== undefined && row.swappedWithId === null;
    return {
      lesson,
      state,
      started,
      merge_options: changeable
        ? mergeOptions(around, school, row, absence.teacherId).filter(
            // Merged with that class already: not a change.
            (option) => state !== 'replaced' || option.teacher_id !== lesson.teacher_id,
          )
        : [],
      move_options: changeable ? moveOptions(around, school, row) : [],
      merged_with: mergedWith(around, lesson),
      moved: movedOf(around, lesson),
      // Candidates for what can still change: an open lesson, or a decision to change before the bell.
      candidates:
        started || state === 'cancelled'
          ? []
          : rankCandidates(rankedOf(lesson, absence.teacherId), school)
              .filter((candidate) => candidate.teacher_id !== lesson.teacher_id)
              .slice(0, CANDIDATES_SHOWN),
    };
  });
  const days = new Map<string, CoverLesson[]>();
  for (const item of covered) days.set(item.lesson.date, [...(days.get(item.lesson.date) ?? []), item]);
  return {
    absence: toAbsence(actor, absence, covered),
    days: [...days.entries()].map(([date, lessons]) => ({ date, lessons })),
  };
}

/** GET /api/substitutions/absences: absences overlapping a range, with how many lessons are still open. */
export async function listAbsences(
  db: Database,
  actor: Actor,
  query: { from: string; to: string },
): Promise<Absence[]> {
  const rows = await findAbsences(
    db,
    and(
      inScope(actor, teacherAbsences.organizationId),
      lte(teacherAbsences.startDate, query.to),
      gte(teacherAbsences.endDate, query.from),
    ),
  );
  const result: Absence[] = [];
  for (const row of rows) {
    const list = await absenceLessons(db, actor, row);
    result.push(
      toAbsence(
        actor,
        row,
        list.map((lesson) => ({
          lesson,
          state: stateOf(lesson),
          started: false,
          candidates: [],
          merge_options: [],
          move_options: [],
          merged_with: null,
          moved: null,
        })),
      ),
    );
  }
  return result;
}

/** GET /api/substitutions/absences/{id}: the lessons by day, each with its state and ranked candidates. */
export async function getAbsence(db: Database, actor: Actor, id: number): Promise<AbsenceDetail> {
  return detail(db, actor, await absenceInScope(db, actor, id));
}

/** POST /api/substitutions/absences: a teacher is away; answers the lessons to cover. */
export async function createAbsence(
  db: Database,
  actor: Actor,
  input: AbsenceInputParsed,
): Promise<AbsenceDetail> {
  const teacher = await findInScope(db, actor, users, input.teacher_id, TEACHER_NOT_FOUND);
  if (teacher.kind !== 'staff')
    throw unprocessable(VALIDATION_MESSAGE, { teacher_id: ['Выберите сотрудника'] });
  const overlapping = await findAbsencesOverlapping(db, teacher.organizationId, input.from, input.to);
  if (overlapping.some((absence) => absence.teacherId === teacher.id)) {
    throw conflict('Отсутствие этого учителя в эти дни уже отмечено');
  }
  const id = await insertAbsence(db, {
    organizationId: teacher.organizationId,
    teacherId: teacher.id,
    startDate: input.from,
    endDate: input.to,
    fromLesson: input.from_lesson,
    reason: input.reason,
    comment: input.comment,
    createdBy: actor.userId,
  });
  return getAbsence(db, actor, id);
}

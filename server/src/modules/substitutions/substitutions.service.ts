import type {
  Absence,
  AbsenceDetail,
  AbsenceInputParsed,
  CoverDecisionParsed,
  CoverLesson,
  DistributeResult,
  MergeOption,
  MoveOption,
  SubstitutionReport,
} from '@parta/shared/domain/contracts/substitutions';
import type { Lesson } from '@parta/shared/domain/contracts/timetable';
import { formatDate } from '@parta/shared/domain/dates';
import { groupName, shortName } from '@parta/shared/domain/names';
import { plural } from '@parta/shared/domain/plural';
import { addDays, monthRange, weekStart } from '@parta/shared/domain/timetable';
import { parseSettings } from '@parta/shared/domain/week';
import { and, eq, gte, lte } from 'drizzle-orm';
import { findInScope, inScope } from '../../access/scope';
import type { Database } from '../../db/client';
import { teacherAbsences, users } from '../../db/schema';
import { type ReportSheet, writeReportWorkbook } from '../../files/report-workbook';
import { type Actor, can } from '../../plugins/auth';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import type { Queue } from '../../queue/queue';
import { lessonStarted } from '../clock/clock.service';
import { getSettings } from '../settings/settings.service';
import {
  changeLesson,
  listTeacherLessonsWithReplaced,
  swapLessons,
  unswapLessons,
} from '../timetable/lessons.service';
import { dayKey, distribute, type RankedLesson, rankCandidates, type SchoolDay, weekKey } from './ranking';
import {
  type AbsenceRow,
  countPupils,
  countSubstitutions,
  type DayLessonRow,
  deleteAbsence,
  findAbsences,
  findAbsencesOverlapping,
  findBusyLessons,
  findDayLessons,
  findLessonRooms,
  findLoadLines,
  findReportLessons,
  findRooms,
  findTeachers,
  findUserNames,
  hasMarksByOthers,
  insertAbsence,
} from './substitutions.repository';

const ABSENCE_NOT_FOUND = 'Отсутствие не найдено';
const TEACHER_NOT_FOUND = 'Учитель не найден';
const LESSON_NOT_IN_ABSENCE = 'Урок не относится к этому отсутствию';
/** Candidates listed per lesson: the screen shows the best few, «Распределить всё» ranks them all. */
const CANDIDATES_SHOWN = 6;

/** Whether an absence covers a lesson: the range, and on its first day from `from_lesson` on. */
function covers(
  absence: Pick<AbsenceRow, 'startDate' | 'endDate' | 'fromLesson'>,
  date: string,
  lesson: number,
) {
  if (date < absence.startDate || date > absence.endDate) return false;
  return date > absence.startDate || absence.fromLesson === null || lesson >= absence.fromLesson;
}

function stateOf(lesson: Lesson): CoverLesson['state'] {
  if (lesson.status === 'replaced') return 'replaced';
  if (lesson.status === 'cancelled') return 'cancelled';
  return 'open';
}

async function absenceInScope(db: Database, actor: Actor, id: number): Promise<AbsenceRow> {
  const [row] = await findAbsences(
    db,
    and(eq(teacherAbsences.id, id), inScope(actor, teacherAbsences.organizationId)),
  );
  if (!row) throw notFound(ABSENCE_NOT_FOUND);
  return row;
}

/** The absent teacher's lessons of the range (a lesson given by a replacement included). */
async function absenceLessons(db: Database, actor: Actor, absence: AbsenceRow): Promise<Lesson[]> {
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
async function schoolPicture(
  db: Database,
  actor: Actor,
  organizationId: number,
  dates: string[],
): Promise<SchoolDay> {
  const sorted = [...dates].sort();
  const from = sorted[0] ?? '1970-01-01';
  const to = sorted.at(-1) ?? from;
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
    getSettings(db, actor, organizationId),
  ]);
  const dayLessons = new Map<string, Set<number>>();
  const weekLessons = new Map<string, number>();
  for (const lesson of busy) {
    if (lesson.teacherId === null) continue;
    const week = weekKey(lesson.teacherId, lesson.date);
    weekLessons.set(week, (weekLessons.get(week) ?? 0) + 1);
    const key = dayKey(lesson.teacherId, lesson.date);
    const set = dayLessons.get(key) ?? new Set<number>();
    set.add(lesson.lessonNumber);
    dayLessons.set(key, set);
  }
  return {
    teachers: teachers
      .map((teacher) => ({ id: teacher.id, name: shortName(teacher) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
    loadLines,
    dayLessons,
    weekLessons,
    monthCount,
    absentAt: (teacherId, date, lessonNumber) =>
      absences.some((absence) => absence.teacherId === teacherId && covers(absence, date, lessonNumber)),
    weeklyMax: parseSettings(settings).max_teacher_lessons_per_week,
  };
}

interface Room {
  name: string;
  capacity: number | null;
}

/**
 * The school's lessons around the absence's days, the classes' sizes, the rooms by name, the
 * teachers' own rooms, and the room of each lesson made from a template slot with one.
 */
interface Surroundings {
  lessons: DayLessonRow[];
  byId: Map<number, DayLessonRow>;
  pupils: Map<number, number>;
  rooms: Map<string, Room>;
  homeRooms: Map<number, Room>;
  roomOf: Map<number, string>;
}

async function surroundings(db: Database, organizationId: number, dates: string[]): Promise<Surroundings> {
  const sorted = [...dates].sort();
  const from = sorted[0] ?? '1970-01-01';
  const to = sorted.at(-1) ?? from;
  const [rows, pupils, rooms, lessonRooms] = await Promise.all([
    findDayLessons(db, organizationId, from, to),
    countPupils(db, organizationId),
    findRooms(db, organizationId),
    findLessonRooms(db, organizationId, from, to),
  ]);
  const homeRooms = new Map<number, Room>();
  for (const room of rooms)
    if (room.teacherId !== null && !homeRooms.has(room.teacherId))
      homeRooms.set(room.teacherId, { name: room.name, capacity: room.capacity });
  return {
    lessons: rows,
    byId: new Map(rows.map((row) => [row.id, row])),
    pupils,
    rooms: new Map(rooms.map((room) => [room.name, { name: room.name, capacity: room.capacity }])),
    homeRooms,
    roomOf: new Map(lessonRooms.map((row) => [row.lesson_id, row.room])),
  };
}

/** Another lesson (not one of `except`) held in `room` at that hour, if any. */
function roomTakenBy(
  around: Surroundings,
  date: string,
  lessonNumber: number,
  room: string | undefined,
  except: number[],
): DayLessonRow | undefined {
  if (room === undefined) return undefined;
  return around.lessons.find(
    (row) =>
      row.date === date &&
      row.lessonNumber === lessonNumber &&
      row.status !== 'cancelled' &&
      !except.includes(row.id) &&
      around.roomOf.get(row.id) === room,
  );
}

const takenNote = (room: string, lessonNumber: number, by: DayLessonRow) =>
  `каб. ${room} занят на ${lessonNumber}-м уроке: ${rowGroup(by)}, ${by.subjectName}`;

const rowGroup = (row: DayLessonRow) => groupName({ number: row.grade, letter: row.letter });

/**
 * Whether both classes fit where the merged lesson is given, as the screen says it: the room of the
 * parallel class's lesson (its template slot's), else its teacher's own room; refused when another
 * lesson is held there at that hour.
 */
function roomFit(
  around: Surroundings,
  lesson: DayLessonRow,
  other: DayLessonRow,
): { fits: boolean | null; room_note: string; taken?: boolean } {
  const slotRoom = around.roomOf.get(other.id);
  const room = slotRoom
    ? (around.rooms.get(slotRoom) ?? { name: slotRoom, capacity: null })
    : other.teacherId === null
      ? undefined
      : around.homeRooms.get(other.teacherId);
  const pupils = (around.pupils.get(lesson.classId) ?? 0) + (around.pupils.get(other.classId) ?? 0);
  if (!room) return { fits: null, room_note: 'кабинет не проверен: у учителя нет своего кабинета' };
  const taken = roomTakenBy(around, other.date, other.lessonNumber, room.name, [lesson.id, other.id]);
  if (taken) return { fits: false, room_note: takenNote(room.name, other.lessonNumber, taken), taken: true };
  if (room.capacity === null)
    return { fits: null, room_note: `каб. ${room.name}: вместимость не указана, не проверен` };
  const fits = pupils <= room.capacity;
  return {
    fits,
    // «каб. 12: 31 место на 48 учеников», «2 места на 3 ученика».
    room_note: `каб. ${room.name}: ${room.capacity} ${plural(room.capacity, 'место', 'места', 'мест')} на ${pupils} ${plural(pupils, 'ученика', 'ученика', 'учеников')}${fits ? '' : ' — не поместятся'}`,
  };
}

const pick = ({ fits, room_note }: { fits: boolean | null; room_note: string }) => ({ fits, room_note });

/** «Объединить»: the parallel classes' lessons of the same subject at the same hour, their teacher here. */
function mergeOptions(
  around: Surroundings,
  school: SchoolDay,
  lesson: DayLessonRow,
  absentTeacherId: number,
): MergeOption[] {
  if (lesson.subgroupId !== null) return [];
  return around.lessons
    .filter(
      (other) =>
        other.date === lesson.date &&
        other.lessonNumber === lesson.lessonNumber &&
        other.grade === lesson.grade &&
        other.classId !== lesson.classId &&
        other.subjectId === lesson.subjectId &&
        other.subgroupId === null &&
        other.status !== 'cancelled' &&
        other.teacherId !== null &&
        other.teacherId !== absentTeacherId &&
        !school.absentAt(other.teacherId, other.date, other.lessonNumber),
    )
    .map((other) => ({
      lesson_id: other.id,
      group_name: rowGroup(other),
      teacher_id: other.teacherId as number,
      teacher_name: shortName(other),
      ...pick(roomFit(around, lesson, other)),
    }))
    .sort((a, b) => a.group_name.localeCompare(b.group_name, 'ru'));
}

/**
 * Whether a swap puts a lesson into a room another lesson holds at its new hour (rooms go with the
 * lessons): the reason, or null.
 */
function swapRoomClash(around: Surroundings, lesson: DayLessonRow, other: DayLessonRow): string | null {
  for (const [moving, hour] of [
    [lesson, other.lessonNumber],
    [other, lesson.lessonNumber],
  ] as const) {
    const room = around.roomOf.get(moving.id);
    const taken = roomTakenBy(around, moving.date, hour, room, [lesson.id, other.id]);
    if (room && taken) return takenNote(room, hour, taken);
  }
  return null;
}

/** «Перенести»: the class's later whole-class lessons that day, their teacher present and free at this hour. */
function moveOptions(around: Surroundings, school: SchoolDay, lesson: DayLessonRow): MoveOption[] {
  if (lesson.subgroupId !== null || lesson.swappedWithId !== null) return [];
  const classAt = (number: number) =>
    around.lessons.filter(
      (row) =>
        row.classId === lesson.classId &&
        row.date === lesson.date &&
        row.lessonNumber === number &&
        row.status !== 'cancelled',
    );
  if (classAt(lesson.lessonNumber).length > 1) return [];
  return around.lessons
    .filter(
      (other) =>
        other.classId === lesson.classId &&
        other.date === lesson.date &&
        other.lessonNumber > lesson.lessonNumber &&
        other.status === 'scheduled' &&
        other.subgroupId === null &&
        other.subjectId !== lesson.subjectId &&
        other.swappedWithId === null &&
        other.teacherId !== null &&
        !school.absentAt(other.teacherId, other.date, lesson.lessonNumber) &&
        !school.dayLessons.get(dayKey(other.teacherId, other.date))?.has(lesson.lessonNumber) &&
        classAt(other.lessonNumber).length === 1 &&
        swapRoomClash(around, lesson, other) === null,
    )
    .sort((a, b) => a.lessonNumber - b.lessonNumber)
    .map((other) => ({
      lesson_id: other.id,
      lesson_number: other.lessonNumber,
      subject_name: other.subjectName,
      teacher_name: other.teacherId === null ? null : shortName(other),
    }));
}

/** The parallel class a replaced lesson is given together with (its teacher's own lesson then). */
function mergedWith(around: Surroundings, lesson: Lesson): string | null {
  if (lesson.status !== 'replaced') return null;
  const other = around.lessons.find(
    (row) =>
      row.id !== lesson.id &&
      row.date === lesson.date &&
      row.lessonNumber === lesson.lesson_number &&
      row.teacherId === lesson.teacher_id &&
      row.classId !== lesson.group_id &&
      row.subjectId === lesson.subject_id &&
      row.status !== 'cancelled',
  );
  return other ? rowGroup(other) : null;
}

function movedOf(around: Surroundings, lesson: Lesson): CoverLesson['moved'] {
  const own = around.byId.get(lesson.id);
  const partner = own?.swappedWithId == null ? undefined : around.byId.get(own.swappedWithId);
  return partner
    ? { from_lesson_number: partner.lessonNumber, with_subject_name: partner.subjectName }
    : null;
}

function rankedOf(lesson: Lesson, absentTeacherId: number): RankedLesson {
  return {
    id: lesson.id,
    date: lesson.date,
    lesson_number: lesson.lesson_number,
    group_id: lesson.group_id,
    group_name: lesson.group_name,
    subgroup_id: lesson.subgroup_id,
    subject_id: lesson.subject_id,
    absent_teacher_id: absentTeacherId,
  };
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

async function detail(db: Database, actor: Actor, absence: AbsenceRow): Promise<AbsenceDetail> {
  const list = await absenceLessons(db, actor, absence);
  const school = await schoolPicture(
    db,
    actor,
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

/** What the absent teacher is told of a lesson of theirs. */
function coverLine({ lesson, state }: CoverLesson): string {
  const what = `${formatDate(lesson.date)}, ${lesson.lesson_number}-й урок, ${lesson.group_name}, ${lesson.subject_name}`;
  if (state === 'replaced') return `${what}: ведёт ${lesson.teacher_name ?? 'другой учитель'}`;
  if (state === 'cancelled') return `${what}: отменён`;
  return `${what}: пока без замены`;
}

/**
 * The absent teacher's summary: who takes each of their lessons, what is cancelled, what is still open.
 * One notice per absence, replaced by the next decision's (never to the teacher who decided it).
 */
async function tellAbsentTeacher(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  { days }: AbsenceDetail,
): Promise<void> {
  const lessons = days.flatMap((day) => day.lessons);
  if (lessons.length === 0) return;
  const replaced = lessons.filter((item) => item.state === 'replaced').length;
  const cancelled = lessons.filter((item) => item.state === 'cancelled').length;
  const range =
    absence.startDate === absence.endDate
      ? formatDate(absence.startDate)
      : `${formatDate(absence.startDate)}–${formatDate(absence.endDate)}`;
  const counts = [
    `заменено ${replaced} из ${lessons.length}`,
    ...(cancelled ? [`отменено ${cancelled}`] : []),
  ];
  await queue.emit(db, 'notice.owed', {
    userId: absence.teacherId,
    actorId: actor.userId,
    notice: {
      organizationId: absence.organizationId,
      category: 'timetable',
      title: `Ваши уроки на ${range}: ${counts.join(', ')}`,
      body: lessons.map(coverLine).join('\n'),
      link: null,
      dedupeKey: `absence:${absence.id}`,
    },
  });
}

/**
 * After «Распределить всё»: each substitute it gave lessons to gets one notice listing every lesson of
 * this absence they take now (a later distribution replaces it), the first one's journal linked.
 */
async function tellSubstitutes(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  { days }: AbsenceDetail,
  substitutes: Set<number>,
): Promise<void> {
  const absent = shortName(absence);
  for (const teacherId of substitutes) {
    const taken = days
      .flatMap((day) => day.lessons)
      .filter((item) => item.state === 'replaced' && item.lesson.teacher_id === teacherId)
      .map((item) => item.lesson);
    const [first] = taken;
    if (!first) continue;
    await queue.emit(db, 'notice.owed', {
      userId: teacherId,
      actorId: actor.userId,
      notice: {
        organizationId: absence.organizationId,
        category: 'timetable',
        title: `Замены вместо ${absent}: ${taken.length} ${plural(taken.length, 'урок', 'урока', 'уроков')}`,
        body: taken
          .map(
            (lesson) =>
              `${formatDate(lesson.date)}, ${lesson.lesson_number}-й урок, ${lesson.group_name}, ${lesson.subject_name}`,
          )
          .join('\n'),
        link:
          first.load_id === null ? null : `/journal/${first.group_id}/${first.load_id}?date=${first.date}`,
        dedupeKey: `absence:${absence.id}:substitute:${teacherId}`,
      },
    });
  }
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

/**
 * DELETE /api/substitutions/absences/{id}: the absence was entered by mistake (or the teacher came
 * back): decisions of lessons not yet started go back to the timetable; started ones stay history.
 */
export async function removeAbsence(db: Database, queue: Queue, actor: Actor, id: number): Promise<void> {
  const absence = await absenceInScope(db, actor, id);
  const list = await absenceLessons(db, actor, absence);
  for (const lesson of list) {
    if (lessonStarted(lesson.date, lesson.start_time)) continue;
    if (!(await unswapLessons(db, queue, actor, lesson.id)) && stateOf(lesson) !== 'open')
      await changeLesson(db, queue, actor, lesson.id, { status: 'scheduled' });
  }
  await deleteAbsence(db, absence.id);
}

/**
 * PUT /api/substitutions/absences/{id}/lessons/{lessonId}: the decision for one lesson — a substitute
 * (a one-off change of the dated lesson: its journal goes to them), a cancellation, or back to open.
 * Refused once the lesson has started, and when the substitute cannot take it.
 */
export async function decideLesson(
  db: Database,
  queue: Queue,
  actor: Actor,
  absenceId: number,
  lessonId: number,
  decision: CoverDecisionParsed,
): Promise<CoverLesson> {
  const absence = await absenceInScope(db, actor, absenceId);
  const list = await absenceLessons(db, actor, absence);
  const lesson = list.find((item) => item.id === lessonId);
  if (!lesson) throw notFound(LESSON_NOT_IN_ABSENCE);
  if (lessonStarted(lesson.date, lesson.start_time)) {
    throw conflict('Урок уже начался: решение по нему осталось в истории и не меняется');
  }
  if (decision.action === 'assign') {
    const teacherId = decision.teacher_id as number;
    if (teacherId === absence.teacherId)
      throw unprocessable(VALIDATION_MESSAGE, {
        teacher_id: ['Отсутствующий учитель не может заменять себя'],
      });
    const school = await schoolPicture(db, actor, absence.organizationId, [lesson.date]);
    if (school.absentAt(teacherId, lesson.date, lesson.lesson_number))
      throw conflict('Этот учитель сам отсутствует в это время');
    if (await hasMarksByOthers(db, lesson.id, teacherId))
      throw conflict('По уроку уже выставлены оценки другим учителем: замену не назначить');
    // changeLesson refuses a teacher who gives another lesson then (409) and one of another school (422).
    await changeLesson(db, queue, actor, lesson.id, { status: 'replaced', teacher_id: teacherId });
  } else if (decision.action === 'merge' || decision.action === 'move') {
    const apply = decision.action === 'merge' ? mergeLesson : moveLesson;
    // A decided lesson changes its decision as one step: back to the timetable, then the new one.
    await db.transaction(async (tx) => {
      let current = lesson;
      if (await revertLesson(tx, queue, actor, absence, lesson)) {
        const fresh = (await absenceLessons(tx, actor, absence)).find((item) => item.id === lessonId);
        if (!fresh) throw notFound(LESSON_NOT_IN_ABSENCE);
        current = fresh;
      }
      await apply(tx, queue, actor, absence, current, decision.lesson_id as number);
    });
  } else if (decision.action === 'cancel') {
    if (await hasMarksByOthers(db, lesson.id, null))
      throw conflict('По уроку уже выставлены оценки: отменить его нельзя');
    if (lesson.status !== 'scheduled')
      await changeLesson(db, queue, actor, lesson.id, { status: 'scheduled' });
    await changeLesson(db, queue, actor, lesson.id, { status: 'cancelled' });
  } else {
    await revertLesson(db, queue, actor, absence, lesson);
  }
  // changeLesson has queued the notices: the class and the substitute hear of it (notifications);
  // the absent teacher gets the whole absence's picture.
  const now = await detail(db, actor, absence);
  await tellAbsentTeacher(db, queue, actor, absence, now);
  const fresh = now.days.flatMap((day) => day.lessons).find((item) => item.lesson.id === lessonId);
  if (!fresh) throw notFound(LESSON_NOT_IN_ABSENCE);
  return fresh;
}

/**
 * A lesson's decision undone: a swap put back, a substitute or a cancellation back to the timetable
 * (refused once the substitute has given marks). Whether there was anything to undo.
 */
async function revertLesson(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  lesson: Lesson,
): Promise<boolean> {
  if (lesson.status === 'replaced' && (await hasMarksByOthers(db, lesson.id, absence.teacherId)))
    throw conflict('Заменяющий учитель уже выставил оценки: замену не отменить');
  if (await unswapLessons(db, queue, actor, lesson.id)) return true;
  if (lesson.status === 'scheduled') return false;
  await changeLesson(db, queue, actor, lesson.id, { status: 'scheduled' });
  return true;
}

const OTHER_LESSON_NOT_FOUND = 'Второй урок не найден';

/** The day around a lesson of the absence and the other lesson a merge or a move names (404 if none). */
async function lessonAndOther(db: Database, absence: AbsenceRow, lesson: Lesson, otherId: number) {
  const around = await surroundings(db, absence.organizationId, [lesson.date]);
  const own = around.byId.get(lesson.id);
  const other = around.byId.get(otherId);
  if (!own || !other) throw notFound(OTHER_LESSON_NOT_FOUND);
  return { around, own, other };
}

/**
 * «Объединить с 5Б»: the parallel class's teacher takes this class too — a replacement of the dated
 * lesson by them, their own lesson at that hour not counting as teaching elsewhere.
 */
async function mergeLesson(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  lesson: Lesson,
  otherId: number,
) {
  const { around, own, other } = await lessonAndOther(db, absence, lesson, otherId);
  if (
    other.date !== own.date ||
    other.lessonNumber !== own.lessonNumber ||
    other.grade !== own.grade ||
    other.classId === own.classId ||
    other.subjectId !== own.subjectId
  )
    throw unprocessable(VALIDATION_MESSAGE, {
      lesson_id: ['Объединить можно только с уроком того же предмета параллельного класса в то же время'],
    });
  if (own.subgroupId !== null || other.subgroupId !== null)
    throw conflict('Урок по подгруппам не объединяется с другим классом');
  if (other.status === 'cancelled') throw conflict('Урок параллельного класса отменён');
  if (other.teacherId === null || other.teacherId === absence.teacherId)
    throw conflict('У урока параллельного класса нет другого учителя');
  const school = await schoolPicture(db, actor, absence.organizationId, [lesson.date]);
  if (school.absentAt(other.teacherId, other.date, other.lessonNumber))
    throw conflict('Учитель параллельного класса сам отсутствует в это время');
  const fit = roomFit(around, own, other);
  if (fit.taken) throw conflict(`Объединить нельзя: ${fit.room_note}`);
  if (fit.fits === false) throw conflict(`Оба класса не поместятся: ${fit.room_note}`);
  if (await hasMarksByOthers(db, lesson.id, other.teacherId))
    throw conflict('По уроку уже выставлены оценки другим учителем: объединить нельзя');
  await changeLesson(
    db,
    queue,
    actor,
    lesson.id,
    { status: 'replaced', teacher_id: other.teacherId },
    { alongside: other.id },
  );
}

/**
 * «Перенести»: the lesson swaps its slot with a later lesson of the class that day whose teacher is
 * here and free then (timetable's swapLessons makes both one-off changes, the pupils told).
 */
async function moveLesson(
  db: Database,
  queue: Queue,
  actor: Actor,
  absence: AbsenceRow,
  lesson: Lesson,
  otherId: number,
) {
  const { around, own, other } = await lessonAndOther(db, absence, lesson, otherId);
  if (other.classId !== own.classId || other.date !== own.date || other.lessonNumber <= own.lessonNumber)
    throw unprocessable(VALIDATION_MESSAGE, {
      lesson_id: ['Перенести можно только на более поздний урок этого класса в тот же день'],
    });
  if (lesson.status !== 'scheduled')
    throw conflict('По уроку уже принято решение: сначала верните его, затем переносите');
  if (other.teacherId === null) throw conflict('У второго урока нет учителя');
  const school = await schoolPicture(db, actor, absence.organizationId, [lesson.date]);
  if (school.absentAt(other.teacherId, other.date, own.lessonNumber))
    throw conflict('Учитель второго урока отсутствует в это время');
  const clash = swapRoomClash(around, own, other);
  if (clash) throw conflict(`Перенос невозможен: ${clash}`);
  // swapLessons refuses a teacher busy at the new hour, a subgroup lesson, a lesson already changed.
  await swapLessons(db, queue, actor, lesson.id, other.id);
}

/**
 * POST /api/substitutions/absences/{id}/distribute: «Распределить всё» — the best candidate for
 * every open lesson not yet started, balanced across the staff (ranking.ts `distribute`).
 */
export async function distributeAbsence(
  db: Database,
  queue: Queue,
  actor: Actor,
  id: number,
): Promise<DistributeResult> {
  const absence = await absenceInScope(db, actor, id);
  const list = await absenceLessons(db, actor, absence);
  const open = list.filter(
    (lesson) => stateOf(lesson) === 'open' && !lessonStarted(lesson.date, lesson.start_time),
  );
  const school = await schoolPicture(
    db,
    actor,
    absence.organizationId,
    list.map((lesson) => lesson.date),
  );
  const plan = distribute(
    open.map((lesson) => rankedOf(lesson, absence.teacherId)),
    school,
  );
  // Each substitute hears once, below, of all their lessons; the classes still hear of each lesson.
  for (const step of plan) {
    await changeLesson(
      db,
      queue,
      actor,
      step.lessonId,
      { status: 'replaced', teacher_id: step.teacherId },
      { substituteToldElsewhere: true },
    );
  }
  const now = await detail(db, actor, absence);
  // One summary for the absent teacher for the whole distribution, not one per lesson.
  if (plan.length > 0) await tellAbsentTeacher(db, queue, actor, absence, now);
  await tellSubstitutes(db, queue, actor, absence, now, new Set(plan.map((step) => step.teacherId)));
  return { assigned: plan.length, left_open: open.length - plan.length, detail: now };
}

// ---------------------------------------------------------------- «Замещения за месяц»

/** GET /api/substitutions/report: the «журнал замены пропущенных уроков» of a range, summed per teacher. */
export async function substitutionReport(
  db: Database,
  actor: Actor,
  query: { from: string; to: string },
): Promise<SubstitutionReport> {
  const rows = await findReportLessons(
    db,
    actor.isPlatformAdmin ? null : actor.organizationIds,
    query.from,
    query.to,
  );
  const ids = new Set<number>();
  for (const row of rows) {
    ids.add(row.absent_id);
    if (row.status === 'replaced' && row.teacher_id !== null) ids.add(row.teacher_id);
  }
  const names = new Map((await findUserNames(db, [...ids])).map((user) => [user.id, shortName(user)]));
  const nameOf = (userId: number | null) => (userId === null ? null : (names.get(userId) ?? null));
  const base = (row: (typeof rows)[number], other: number | null) => ({
    lesson_id: row.lesson_id,
    date: row.date,
    lesson_number: row.lesson_number,
    group_name: groupName(row),
    subject_name: row.subject_name,
    other_teacher_name: nameOf(other),
    specialty: row.specialty,
    status: row.status,
  });
  const substitutes = new Map<number, SubstitutionReport['substitutes'][number]>();
  const absent = new Map<number, SubstitutionReport['absent'][number]>();
  for (const row of rows) {
    // Paid for a lesson given: over by the school clock (a lesson without bell times: from the next day).
    const held = lessonStarted(row.date, row.end_time ?? '24:00');
    if (row.status === 'replaced' && row.teacher_id !== null) {
      const entry = substitutes.get(row.teacher_id) ?? {
        teacher_id: row.teacher_id,
        teacher_name: nameOf(row.teacher_id) ?? '',
        hours: 0,
        specialty_hours: 0,
        planned_hours: 0,
        lessons: [],
      };
      if (!held) entry.planned_hours += 1;
      else {
        entry.hours += 1;
        if (row.specialty) entry.specialty_hours += 1;
      }
      entry.lessons.push({ ...base(row, row.absent_id), held });
      substitutes.set(row.teacher_id, entry);
    }
    const missed = absent.get(row.absent_id) ?? {
      teacher_id: row.absent_id,
      teacher_name: nameOf(row.absent_id) ?? '',
      hours: 0,
      cancelled_hours: 0,
      planned_hours: 0,
      lessons: [],
    };
    if (!held) missed.planned_hours += 1;
    else {
      missed.hours += 1;
      if (row.status === 'cancelled') missed.cancelled_hours += 1;
    }
    missed.lessons.push({ ...base(row, row.status === 'replaced' ? row.teacher_id : null), held });
    absent.set(row.absent_id, missed);
  }
  const byName = <T extends { teacher_name: string }>(a: T, b: T) =>
    a.teacher_name.localeCompare(b.teacher_name, 'ru');
  const substituteList = [...substitutes.values()].sort(byName);
  const absentList = [...absent.values()].sort(byName);
  const sum = <T>(list: T[], of: (entry: T) => number) => list.reduce((total, entry) => total + of(entry), 0);
  return {
    from: query.from,
    to: query.to,
    substitutes: substituteList,
    absent: absentList,
    totals: {
      substituted_hours: sum(substituteList, (entry) => entry.hours),
      specialty_hours: sum(substituteList, (entry) => entry.specialty_hours),
      cancelled_hours: sum(absentList, (entry) => entry.cancelled_hours),
      missed_hours: sum(absentList, (entry) => entry.hours),
      planned_substituted_hours: sum(substituteList, (entry) => entry.planned_hours),
      planned_missed_hours: sum(absentList, (entry) => entry.planned_hours),
    },
  };
}

/** The report as .xlsx for the бухгалтерия: the journal of substitutions, then the sums per teacher. */
export function substitutionWorkbook(report: SubstitutionReport): Promise<Buffer> {
  const title = `Замещения уроков с ${formatDate(report.from)} по ${formatDate(report.to)}`;
  const journal: ReportSheet = {
    name: 'Журнал замен',
    columns: [
      { header: 'Дата', width: 10 },
      { header: 'Урок', width: 6 },
      { header: 'Класс', width: 7 },
      { header: 'Предмет', width: 24 },
      { header: 'Отсутствовал', width: 22 },
      { header: 'Заменил', width: 22 },
      { header: 'По специальности', width: 16 },
      { header: 'Часы', width: 6 },
      { header: 'Состоялся', width: 14 },
    ],
    rows: report.absent.flatMap((entry) =>
      entry.lessons.map((lesson) => [
        formatDate(lesson.date),
        lesson.lesson_number,
        lesson.group_name,
        lesson.subject_name,
        entry.teacher_name,
        lesson.status === 'cancelled' ? 'урок отменён' : lesson.other_teacher_name,
        lesson.status === 'cancelled' ? '' : lesson.specialty ? 'да' : 'нет',
        lesson.held ? 1 : 0,
        lesson.held ? 'да' : 'запланирован',
      ]),
    ),
  };
  const substitutes: ReportSheet = {
    name: 'Заменяющие',
    columns: [
      { header: 'Учитель', width: 24 },
      { header: 'Часов замещения', width: 16 },
      { header: 'Из них по специальности', width: 22 },
      { header: 'Запланировано', width: 14 },
    ],
    rows: [
      ...report.substitutes.map((entry) => [
        entry.teacher_name,
        entry.hours,
        entry.specialty_hours,
        entry.planned_hours,
      ]),
      [
        'Итого',
        report.totals.substituted_hours,
        report.totals.specialty_hours,
        report.totals.planned_substituted_hours,
      ],
    ],
  };
  const absent: ReportSheet = {
    name: 'Отсутствовавшие',
    columns: [
      { header: 'Учитель', width: 24 },
      { header: 'Пропущено часов', width: 16 },
      { header: 'Из них отменено', width: 16 },
      { header: 'Запланировано', width: 14 },
    ],
    rows: [
      ...report.absent.map((entry) => [
        entry.teacher_name,
        entry.hours,
        entry.cancelled_hours,
        entry.planned_hours,
      ]),
      [
        'Итого',
        report.totals.missed_hours,
        report.totals.cancelled_hours,
        report.totals.planned_missed_hours,
      ],
    ],
  };
  return writeReportWorkbook(title, [journal, substitutes, absent]);
}

import type { CoverLesson, MergeOption, MoveOption } from '@parta/shared/domain/contracts/substitutions';
import type { Lesson } from '@parta/shared/domain/contracts/timetable';
import { groupName, shortName } from '@parta/shared/domain/names';
import { plural } from '@parta/shared/domain/plural';
import { dayKey, type LoadLine, type RankedLesson, type SchoolDay, weekKey } from './ranking';
import type { AbsenceRow, DayLessonRow } from './substitutions.repository';

/**
 * What the substitutions screen offers for a lesson, computed from the school as read once
 * (absences.service.ts reads it): which classes it can be merged with and whether they fit the room,
 * which later lesson it can swap with, what was decided. Pure: tested without a database
 * (cover-options.test.ts).
 */

/** The first and the last of some dates (sorted as ISO strings); the epoch for none. */
export function dateSpan(dates: string[]): { from: string; to: string } {
  const sorted = [...dates].sort();
  const from = sorted[0] ?? '1970-01-01';
  return { from, to: sorted.at(-1) ?? from };
}

/** Whether an absence covers a lesson: the range, and on its first day from `from_lesson` on. */
export function covers(
  absence: Pick<AbsenceRow, 'startDate' | 'endDate' | 'fromLesson'>,
  date: string,
  lesson: number,
) {
  if (date < absence.startDate || date > absence.endDate) return false;
  return date > absence.startDate || absence.fromLesson === null || lesson >= absence.fromLesson;
}

export function stateOf(lesson: Lesson): CoverLesson['state'] {
  if (lesson.status === 'replaced') return 'replaced';
  if (lesson.status === 'cancelled') return 'cancelled';
  return 'open';
}

export interface Room {
  name: string;
  capacity: number | null;
}

/**
 * The school's lessons around the absence's days, the classes' sizes, the rooms by name, the
 * teachers' own rooms, and the room of each lesson made from a template slot with one.
 */
export interface Surroundings {
  lessons: DayLessonRow[];
  byId: Map<number, DayLessonRow>;
  pupils: Map<number, number>;
  rooms: Map<string, Room>;
  homeRooms: Map<number, Room>;
  roomOf: Map<number, string>;
}

/** Another lesson (not one of `except`) held in `room` at that hour, if any. */
export function roomTakenBy(
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

export const takenNote = (room: string, lessonNumber: number, by: DayLessonRow) =>
  `каб. ${room} занят на ${lessonNumber}-м уроке: ${rowGroup(by)}, ${by.subjectName}`;

export const rowGroup = (row: DayLessonRow) => groupName({ number: row.grade, letter: row.letter });

/**
 * Whether both classes fit where the merged lesson is given, as the screen says it: the room of the
 * parallel class's lesson (its template slot's), else its teacher's own room; refused when another
 * lesson is held there at that hour.
 */
export function roomFit(
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
export function mergeOptions(
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
export function swapRoomClash(
  around: Surroundings,
  lesson: DayLessonRow,
  other: DayLessonRow,
): string | null {
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
export function moveOptions(around: Surroundings, school: SchoolDay, lesson: DayLessonRow): MoveOption[] {
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
export function mergedWith(around: Surroundings, lesson: Lesson): string | null {
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

export function movedOf(around: Surroundings, lesson: Lesson): CoverLesson['moved'] {
  const own = around.byId.get(lesson.id);
  const partner = own?.swappedWithId == null ? undefined : around.byId.get(own.swappedWithId);
  return partner
    ? { from_lesson_number: partner.lessonNumber, with_subject_name: partner.subjectName }
    : null;
}

export function rankedOf(lesson: Lesson, absentTeacherId: number): RankedLesson {
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

/** The school as the ranking sees it, from the rows read for the days (schoolPicture reads them). */
export function schoolDayOf(read: {
  teachers: { id: number; surname: string; name: string; patronymic: string | null }[];
  loadLines: LoadLine[];
  busy: { teacherId: number | null; date: string; lessonNumber: number }[];
  absences: Pick<AbsenceRow, 'teacherId' | 'startDate' | 'endDate' | 'fromLesson'>[];
  monthCount: Map<number, number>;
  weeklyMax: number;
}): SchoolDay {
  const { teachers, loadLines, busy, absences, monthCount, weeklyMax } = read;
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
    weeklyMax,
  };
}

/** The day's lessons and rooms as the options read them, from the rows surroundings() reads. */
export function surroundingsOf(read: {
  rows: DayLessonRow[];
  pupils: Map<number, number>;
  rooms: { teacherId: number | null; name: string; capacity: number | null }[];
  lessonRooms: { lesson_id: number; room: string }[];
}): Surroundings {
  const { rows, pupils, rooms, lessonRooms } = read;
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

import type { BellScheduleInput } from '@parta/shared/domain/contracts/timetable';

/** The usual break between lessons and the usual lesson, in minutes. */
export const USUAL_BREAK = 10;
export const USUAL_LESSON = 45;
/** When a schedule's first lesson starts unless the school says otherwise. */
export const FIRST_LESSON_START = '08:30';

/** `time` (hh:mm) moved by `minutes`, never past 23:59 (a bell schedule stays within its day). */
export function shiftTime(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number);
  const total = Math.min(hours * 60 + mins + minutes, 23 * 60 + 59);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The lesson «Добавить урок» appends: numbered next, the usual break after the last one, the usual length. */
export function nextLesson(lessons: BellScheduleInput['lessons']): BellScheduleInput['lessons'][number] {
  const last = lessons.at(-1);
  const start = last ? shiftTime(last.end_time, USUAL_BREAK) : FIRST_LESSON_START;
  return { number: lessons.length + 1, start_time: start, end_time: shiftTime(start, USUAL_LESSON) };
}

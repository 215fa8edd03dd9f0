import type { AttendanceCell, Course, CourseSlot } from './contracts/extracurricular';
import { WEEK_DAYS_SHORT } from './week';

/**
 * Внеурочная деятельность as the screens and the archive say it: a course's weekly schedule, and the
 * presence marks of its journal.
 */

/** «Прохоров В. В., Ильин С. Я.»: the course's main teacher, then the others; null with none. */
export function courseTeachersText(course: Pick<Course, 'teacher_name' | 'co_teachers'>): string | null {
  const names = [course.teacher_name, ...course.co_teachers.map((teacher) => teacher.name)].filter(Boolean);
  return names.length > 0 ? names.join(', ') : null;
}

/** «Пн 15:00–15:45, каб. 12; Чт 15:00–15:45»: a course's slots, or «Расписания нет». */
export function courseScheduleText(slots: CourseSlot[]): string {
  if (slots.length === 0) return 'Расписания нет';
  return slots
    .map(
      (slot) =>
        `${WEEK_DAYS_SHORT[slot.weekday - 1]} ${slot.start_time}–${slot.end_time}${slot.room ? `, ${slot.room}` : ''}`,
    )
    .join('; ');
}

/**
 * The presence marks of a course journal: not marked, был, не был, не был по уважительной причине;
 * as the course's screen shows them and the year's archive prints them.
 */
export type Presence = 'none' | 'present' | 'absent' | 'excused';

export const PRESENCE_TEXT: Record<Presence, string> = { none: '', present: '✓', absent: 'н', excused: 'у' };
export const PRESENCE_LABEL: Record<Presence, string> = {
  none: 'не отмечено',
  present: 'был',
  absent: 'не был',
  excused: 'не был, уважительная причина',
};

export function presenceOf(cell: Pick<AttendanceCell, 'present' | 'excused'> | undefined): Presence {
  if (!cell) return 'none';
  if (cell.present) return 'present';
  return cell.excused ? 'excused' : 'absent';
}

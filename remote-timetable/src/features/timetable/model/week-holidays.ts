import type { Holiday } from '@parta/shared/domain/contracts/timetable';
import { addDays, weekStart } from '@parta/shared/domain/timetable';

/** A holiday that covers some of a shown week, with the first day after it. */
export interface WeekHoliday {
  holiday: Holiday;
  /** The days of the shown week it covers. */
  days: string[];
  /** The Monday of the week after the holiday: where «К учебной неделе» goes. */
  resumesWeek: string;
}

/**
 * The каникулы and days off that fall on the shown working days (`monday` and the `count` days from
 * it): the whole school's (a holiday without grades) and, for a class's week, its grade's too. A
 * teacher's week gets only the whole school's: the first graders' extra week is not a week off for
 * their teacher of music.
 */
export function weekHolidays(
  holidays: readonly Holiday[],
  monday: string,
  count: number,
  grade?: number,
): WeekHoliday[] {
  const shown = Array.from({ length: count }, (_, index) => addDays(monday, index));
  return holidays
    .filter(
      (holiday) => holiday.grades.length === 0 || (grade !== undefined && holiday.grades.includes(grade)),
    )
    .map((holiday) => ({
      holiday,
      days: shown.filter((day) => holiday.start_date <= day && day <= holiday.end_date),
      resumesWeek: weekStart(addDays(holiday.end_date, 1)),
    }))
    .filter((item) => item.days.length > 0)
    .sort((a, b) => a.holiday.start_date.localeCompare(b.holiday.start_date));
}

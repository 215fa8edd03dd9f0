/**
 * The school clock: what day it is at school. The journal, the diary, reports and the timetable ask
 * it instead of `new Date()`, so "today" means the same everywhere (the demo schools keep Moscow time).
 */

/** The schools' time zone (the demo schools keep Moscow time). */
export const SCHOOL_TIME_ZONE = 'Europe/Moscow';

// Made once: building an Intl formatter costs ~0.2 ms, more than the rest of a journal request's own work.
const MOSCOW_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE });

/** Today in the schools' time zone, `YYYY-MM-DD`. */
export function schoolToday(): string {
  return MOSCOW_DATE.format(new Date());
}

const MOSCOW_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The time of day at school, `HH:MM` (whether a lesson has started: substitutions). */
export function schoolTime(): string {
  return MOSCOW_TIME.format(new Date());
}

/** A dated lesson has started by the school clock (a lesson without bell times: from its day on). */
export function lessonStarted(date: string, startTime: string | null): boolean {
  const today = schoolToday();
  if (date !== today) return date < today;
  return startTime === null || startTime.slice(0, 5) <= schoolTime();
}

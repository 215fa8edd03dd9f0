/**
 * The school clock: what day and time it is at school. The journal, the diary, reports, the seed,
 * notices and the timetable ask it instead of `new Date()`, so "today" means the same everywhere
 * (the demo schools keep Moscow time) and a test or a demo can set it: `PARTA_CLOCK` (an ISO instant,
 * or a date meaning 10:00 at school that day) starts the clock there and lets it run on from it;
 * `setSchoolClock` does the same inside a test's process.
 */

/** The schools' time zone (the demo schools keep Moscow time). */
export const SCHOOL_TIME_ZONE = 'Europe/Moscow';

/**
 * The instant `value` names: `YYYY-MM-DD` is 10:00 at school (Moscow, UTC+3 all year) that day, a
 * mid-morning school-day time; anything else must be an ISO date-time with its offset.
 */
export function parseClock(value: string): Date {
  const text = value.trim();
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T10:00:00+03:00`) : new Date(text);
  if (Number.isNaN(instant.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(text))
    throw new Error(`PARTA_CLOCK: «${value}» — ожидается дата ГГГГ-ММ-ДД или момент ISO 8601 со смещением`);
  return instant;
}

/** How far the clock `PARTA_CLOCK` starts runs ahead of (or behind) the machine's, in ms (0 without it). */
const startOffsetMs = process.env.PARTA_CLOCK
  ? parseClock(process.env.PARTA_CLOCK).getTime() - Date.now()
  : 0;

/** How far the school clock runs ahead of (or behind) the machine's, in ms. */
let offsetMs = startOffsetMs;

/**
 * Sets the school clock to `instant` from now on (it runs on from there); `null` goes back to the
 * clock the process started with (`PARTA_CLOCK`'s, else the machine's): a test that moved the clock
 * hands the next one the day the whole run was set to, not the real one.
 */
export function setSchoolClock(instant: string | Date | null): void {
  if (instant === null) {
    offsetMs = startOffsetMs;
    return;
  }
  const at = typeof instant === 'string' ? parseClock(instant) : instant;
  offsetMs = at.getTime() - Date.now();
}

/** Now by the school clock. */
export function schoolNow(): Date {
  return new Date(Date.now() + offsetMs);
}

// Made once: building an Intl formatter costs ~0.2 ms, more than the rest of a journal request's own work.
const MOSCOW_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE });

/** Today in the schools' time zone, `YYYY-MM-DD`. */
export function schoolToday(): string {
  return MOSCOW_DATE.format(schoolNow());
}

const MOSCOW_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The time of day at school, `HH:MM` (whether a lesson has started: substitutions). */
export function schoolTime(): string {
  return MOSCOW_TIME.format(schoolNow());
}

/** A dated lesson has started by the school clock (a lesson without bell times: from its day on). */
export function lessonStarted(date: string, startTime: string | null): boolean {
  const today = schoolToday();
  if (date !== today) return date < today;
  return startTime === null || startTime.slice(0, 5) <= schoolTime();
}

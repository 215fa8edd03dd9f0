/**
 * Dates as the product shows them (SPEC §9: `dd.mm.yy`). The API sends calendar dates as ISO
 * `YYYY-MM-DD` (timestamps may follow), so formatting never goes through a time zone.
 */

/** `2015-01-17` (or `2015-01-17T…`) → `17.01.15`; empty for no value; anything unreadable as it came. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1].slice(2)}` : value;
}

/** A moment in the browser's time zone as `dd.mm hh:mm` (when kept data was fetched). */
export function formatDayTime(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A moment in the browser's time zone as `dd.mm.yy hh:mm` (when a file was made, by whom). */
export function formatDateTime(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${formatDayTime(date).slice(0, 5)}.${two(date.getFullYear() % 100)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

// Made once: building an Intl formatter costs more than formatting with it.
const SCHOOL_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });

/** Today in the schools' time zone (the demo schools are in Moscow time), as `YYYY-MM-DD`. */
export function schoolToday(now: Date = new Date()): string {
  return SCHOOL_DATE.format(now);
}

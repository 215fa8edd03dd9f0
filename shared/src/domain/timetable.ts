/**
 * Timetable rules a завуч applies by hand (DOMAIN.md "Structure"): СанПиН 1.2.3685-21 limits,
 * conflicts of a weekly grid, bell times, and turning a weekly template into dated lessons over a
 * period without the holidays. Framework-free: the server and the remotes call the same rules.
 */

/** A dated lesson's status, as the class week, the diary and the dashboard name it. */
export const LESSON_STATUSES = {
  scheduled: 'По расписанию',
  replaced: 'Замена',
  moved: 'Перенесён',
  cancelled: 'Отменён',
} as const;
export type LessonStatus = keyof typeof LESSON_STATUSES;

/** СанПиН maximum weekly hours by grade for a 6-day and a 5-day week (grade 1: 5-day only, 21). */
const SANPIN_WEEKLY: Record<number, [sixDay: number, fiveDay: number]> = {
  1: [21, 21],
  2: [26, 23],
  3: [26, 23],
  4: [26, 23],
  5: [32, 29],
  6: [33, 30],
  7: [35, 32],
  8: [36, 33],
  9: [36, 33],
  10: [37, 34],
  11: [37, 34],
};

/** СанПиН weekly maximum of lessons for a class of `grade` in a week of `workingDays` days. */
export function sanpinWeeklyMax(grade: number, workingDays: number): number {
  const limits = SANPIN_WEEKLY[grade] ?? SANPIN_WEEKLY[11];
  return workingDays >= 6 ? limits[0] : limits[1];
}

/** СанПиН maximum of lessons a day: grade 1 — 4, 2–4 — 5, 5–6 — 6, 7–11 — 7. */
export function sanpinDailyMax(grade: number): number {
  if (grade <= 1) return 4;
  if (grade <= 4) return 5;
  if (grade <= 6) return 6;
  return 7;
}

/** Lessons a day a class may have: the stricter of СанПиН and the organization's max_lessons_per_day. */
export function dailyLimit(grade: number, maxLessonsPerDay: number): number {
  return Math.min(sanpinDailyMax(grade), maxLessonsPerDay);
}

/** A teacher's full rate (ставка) in hours a week. */
export const TEACHER_RATE_HOURS = 18;

/** Warning text when a class's weekly load exceeds СанПиН, or null. */
export function weeklyLoadWarning(grade: number, hours: number, workingDays: number): string | null {
  const max = sanpinWeeklyMax(grade, workingDays);
  if (hours <= max) return null;
  return `Нагрузка ${formatHours(hours)} ч в неделю больше допустимой СанПиН для ${grade} класса (${max} ч при ${workingDays}-дневной неделе)`;
}

/** Hours with a decimal comma and no trailing zero: 2, 1,5. */
export function formatHours(hours: number): string {
  return String(Math.round(hours * 10) / 10).replace('.', ',');
}

/**
 * How a load line stands in a template: the lessons placed against its hours a week (a half hour
 * takes a whole lesson). Over the load is an error (the class gets more than its curriculum), under
 * it a warning (not finished yet).
 */
export function loadPlacement(
  placed: number,
  hoursPerWeek: number,
): { state: 'over' | 'under' | 'done'; difference: number } {
  const needed = Math.ceil(hoursPerWeek);
  if (placed > needed) return { state: 'over', difference: placed - needed };
  if (placed < needed) return { state: 'under', difference: needed - placed };
  return { state: 'done', difference: 0 };
}

// ---------------------------------------------------------------- the weekly grid

/** One placed lesson of a template: a load item at (weekday, lesson number). Weekday 1 = Monday. */
export interface GridSlot {
  weekday: number;
  lessonNumber: number;
  classId: number;
  /** null: the whole class. */
  subgroupId: number | null;
  teacherId: number | null;
  loadId: number;
}

export interface GridLimits {
  /** The class's grade (for the СанПиН daily maximum). */
  grade: number;
  /** Organization settings. */
  maxLessonsPerDay: number;
  workingDaysPerWeek: number;
  /** Lessons the class's bell schedule has (a lesson number beyond it has no time). */
  bellLessons?: number;
  /** Labels for the reasons. */
  className: string;
  teacherName?: (teacherId: number) => string;
  classNameOf?: (classId: number) => string;
}

/**
 * Why `candidate` cannot go into the grid beside `placed`, or null when it can. Refused: a day
 * or lesson beyond the settings, a teacher or a class in two places at once (subgroups of one class
 * side by side are allowed), more lessons a day than СанПиН and the settings allow.
 */
export function placementConflict(
  placed: readonly GridSlot[],
  candidate: GridSlot,
  limits: GridLimits,
): string | null {
  if (candidate.weekday < 1 || candidate.weekday > limits.workingDaysPerWeek) {
    return `День недели вне рабочей недели (${limits.workingDaysPerWeek} дн.)`;
  }
  const perDay = dailyLimit(limits.grade, limits.maxLessonsPerDay);
  const lastNumber = Math.min(limits.maxLessonsPerDay, limits.bellLessons ?? limits.maxLessonsPerDay);
  if (candidate.lessonNumber < 1 || candidate.lessonNumber > lastNumber) {
    return `Урока №${candidate.lessonNumber} нет: в расписании звонков и настройках ${lastNumber} уроков`;
  }
  const sameTime = placed.filter(
    (slot) => slot.weekday === candidate.weekday && slot.lessonNumber === candidate.lessonNumber,
  );
  if (candidate.teacherId !== null) {
    const busy = sameTime.find((slot) => slot.teacherId === candidate.teacherId);
    if (busy) {
      const who = limits.teacherName?.(candidate.teacherId) ?? 'Учитель';
      const where =
        busy.classId === candidate.classId ? limits.className : limits.classNameOf?.(busy.classId);
      return `${who} уже ведёт урок в это время${where ? ` (${where})` : ''}`;
    }
  }
  const classBusy = sameTime.find(
    (slot) =>
      slot.classId === candidate.classId &&
      (slot.subgroupId === null || candidate.subgroupId === null || slot.subgroupId === candidate.subgroupId),
  );
  if (classBusy) return `У ${limits.className} уже есть урок в это время`;
  const dayNumbers = new Set(
    placed
      .filter((slot) => slot.classId === candidate.classId && slot.weekday === candidate.weekday)
      .map((slot) => slot.lessonNumber),
  );
  dayNumbers.add(candidate.lessonNumber);
  if (dayNumbers.size > perDay) {
    return `Больше ${perDay} уроков в день для ${limits.grade} класса (СанПиН и настройки организации)`;
  }
  return null;
}

// ---------------------------------------------------------------- calendar

/** ISO date `YYYY-MM-DD` → day number since the epoch (UTC, no time zone involved). */
function toDay(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number);
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}

function fromDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(iso: string): number {
  return ((toDay(iso) + 3) % 7) + 1;
}

/** The date `days` after (or before) an ISO date. */
export function addDays(iso: string, days: number): string {
  return fromDay(toDay(iso) + days);
}

/** The calendar month holding the date: its first and last days (a month's report, the load screen). */
export function monthRange(iso: string): { from: string; to: string } {
  const next = addDays(`${iso.slice(0, 8)}28`, 4);
  return { from: `${iso.slice(0, 8)}01`, to: addDays(`${next.slice(0, 8)}01`, -1) };
}

const MONTH_NAMES = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
];

/** `2026-11-…` → «ноябрь 2026». */
export function monthName(iso: string): string {
  return `${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

/** The Monday of the week holding the date. */
export function weekStart(iso: string): string {
  return addDays(iso, 1 - isoWeekday(iso));
}

/** Every date from `from` to `to` inclusive. */
export function eachDate(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = toDay(from), last = toDay(to); day <= last; day++) dates.push(fromDay(day));
  return dates;
}

/** Two inclusive ISO ranges share at least one day. */
export function rangesOverlap(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/** A day off (каникулы or a single holiday); `grades` empty = the whole school. */
export interface DayOff {
  start_date: string;
  end_date: string;
  grades: readonly number[];
}

/** Whether a class of `grade` has no lessons on `date` because of a holiday. */
export function isDayOff(date: string, grade: number, holidays: readonly DayOff[]): boolean {
  return holidays.some(
    (holiday) =>
      holiday.start_date <= date &&
      date <= holiday.end_date &&
      (holiday.grades.length === 0 || holiday.grades.includes(grade)),
  );
}

/** A template lesson to lay out over dates (only what the calendar needs). */
export interface WeeklyLesson {
  weekday: number;
  classId: number;
  grade: number;
}

/**
 * The dated occurrences of weekly lessons from `from` to `to`: each date of the range whose
 * weekday the lesson has, except the class's holidays. Returns [date, lesson] pairs in date order.
 */
export function layOutLessons<T extends WeeklyLesson>(
  weekly: readonly T[],
  range: { from: string; to: string },
  holidays: readonly DayOff[],
): { date: string; lesson: T }[] {
  const byWeekday = new Map<number, T[]>();
  for (const lesson of weekly) {
    const list = byWeekday.get(lesson.weekday) ?? [];
    list.push(lesson);
    byWeekday.set(lesson.weekday, list);
  }
  const result: { date: string; lesson: T }[] = [];
  if (range.from > range.to) return result;
  for (const date of eachDate(range.from, range.to)) {
    for (const lesson of byWeekday.get(isoWeekday(date)) ?? []) {
      if (!isDayOff(date, lesson.grade, holidays)) result.push({ date, lesson });
    }
  }
  return result;
}

/** `HH:MM:SS` or `HH:MM` → `HH:MM` (a time column as the API answers it); null stays null. */
export function clockTime(value: string | null): string | null {
  return value === null ? null : value.slice(0, 5);
}

/** `HH:MM:SS` or `HH:MM` → `HH:MM`, empty when there is none (for display). */
export function formatTime(value: string | null | undefined): string {
  return clockTime(value ?? null) ?? '';
}

/** A 24-hour time `HH:MM` (hours up to 23, minutes up to 59, SPEC §5). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Why numbered bell lessons are wrong (order, overlap, end before start), or null. */
export function bellScheduleProblem(
  lessons: readonly { number: number; start_time: string; end_time: string }[],
): { index: number; message: string } | null {
  for (const [index, lesson] of lessons.entries()) {
    if (lesson.number !== index + 1) return { index, message: 'Уроки нумеруются по порядку с 1' };
    if (lesson.end_time <= lesson.start_time) {
      return { index, message: 'Урок должен заканчиваться позже, чем начинается' };
    }
    const previous = lessons[index - 1];
    if (previous && lesson.start_time < previous.end_time) {
      return { index, message: `Урок ${lesson.number} начинается раньше конца урока ${previous.number}` };
    }
  }
  return null;
}

/** Minutes between two `HH:MM` times (a break's length). */
export function minutesBetween(from: string, to: string): number {
  const [fh, fm] = from.split(':').map(Number);
  const [th, tm] = to.split(':').map(Number);
  return th * 60 + tm - (fh * 60 + fm);
}

/**
 * Weekly lessons of a class from its load: whole-class lines add up; subgroups of one subject sit
 * side by side, so a split subject counts once (its largest subgroup line).
 */
export function classWeeklyHours(
  items: readonly { subject_id: number; subgroup_id: number | null; hours_per_week: number }[],
): number {
  let total = 0;
  const split = new Map<number, number>();
  for (const item of items) {
    if (item.subgroup_id === null) total += item.hours_per_week;
    else split.set(item.subject_id, Math.max(split.get(item.subject_id) ?? 0, item.hours_per_week));
  }
  for (const hours of split.values()) total += hours;
  return total;
}

/** Kinds of rooms (кабинеты) a load line may require; the code is stored, the label shown. */
export const ROOM_KINDS = {
  regular: 'Обычный',
  gym: 'Спортзал',
  lab: 'Лаборатория',
  computer: 'Компьютерный класс',
  workshop: 'Мастерская',
  music: 'Музыкальный класс',
  hall: 'Актовый зал',
} as const;
export type RoomKind = keyof typeof ROOM_KINDS;
export const ROOM_KIND_CODES = Object.keys(ROOM_KINDS) as [RoomKind, ...RoomKind[]];

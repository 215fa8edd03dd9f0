/** Week days in order (SPEC §9); the working days of an organization are the first N. */
export const WEEK_DAYS = [
  'Понедельник',
  'Вторник',
  'Среда',
  'Четверг',
  'Пятница',
  'Суббота',
  'Воскресенье',
] as const;

export type WeekDay = (typeof WEEK_DAYS)[number];

/** The same days as a narrow column names them (a phone's week grid). */
export const WEEK_DAYS_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

/** Keys of the organization settings (SPEC §3). */
export type OrganizationSettingKey =
  | 'max_lessons_per_day'
  | 'working_days_per_week'
  | 'absence_correction_minutes'
  | 'digest_hour'
  | 'warnings_hour'
  | 'quiet_hours_from'
  | 'quiet_hours_to'
  | 'email_by_default'
  | 'marks_instant_by_default'
  | 'max_teacher_lessons_per_week'
  | 'extracurricular_break_minutes'
  | 'extracurricular_absence_notices'
  | 'homework_file_mb'
  | 'homework_quota_mb';

/** Defaults of the organization settings (SPEC §9). */
export const SETTINGS_DEFAULTS: Readonly<Record<OrganizationSettingKey, number>> = {
  max_lessons_per_day: 7,
  working_days_per_week: 6,
  absence_correction_minutes: 15,
  digest_hour: 18,
  /** The class teacher's and the завуч's morning digest of early warnings. */
  warnings_hour: 8,
  quiet_hours_from: 21,
  quiet_hours_to: 8,
  /** A user who has not chosen hears of every category by e-mail too, once an address is confirmed (1) or not (0). */
  email_by_default: 1,
  /** A user who has not chosen gets marks at once (1) or in the evening digest (0). */
  marks_instant_by_default: 0,
  /** Substitutions stop at this many lessons a week (two rates of 18 hours: the usual ceiling). */
  max_teacher_lessons_per_week: 36,
  /** Внеурочная деятельность starts at least this many minutes after its pupils' last lesson. */
  extracurricular_break_minutes: 10,
  /** A pupil absent from a course: parents are told (1) or not (0: a course is not a lesson). */
  extracurricular_absence_notices: 0,
  /** Домашнее задание с файлами (issue 54): the largest file a teacher or a pupil attaches, MB. */
  homework_file_mb: 20,
  /** All homework files and pupils' works of the school together, MB. */
  homework_quota_mb: 5120,
};

/** The working days of a week with `workingDaysPerWeek` days (clamped to 1–7). */
export function workingDays(workingDaysPerWeek: number = SETTINGS_DEFAULTS.working_days_per_week): WeekDay[] {
  const count = Math.min(
    7,
    Math.max(1, Math.trunc(workingDaysPerWeek) || SETTINGS_DEFAULTS.working_days_per_week),
  );
  return WEEK_DAYS.slice(0, count);
}

/**
 * The days a calendar marks as weekend (0 Sunday … 6 Saturday, as date pickers count them): the
 * days after the school's working days. A six-day school works on Saturday, so only Sunday is red.
 */
export function weekendDays(
  workingDaysPerWeek: number = SETTINGS_DEFAULTS.working_days_per_week,
): CalendarDay[] {
  const working = workingDays(workingDaysPerWeek).length;
  // Monday-first positions working … 6 are the weekend; position 6 (Sunday) is day 0.
  return Array.from({ length: 7 - working }, (_, index) => ((working + index + 1) % 7) as CalendarDay);
}

/** A day of the week as date pickers number it: 0 Sunday … 6 Saturday. */
export type CalendarDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** One setting as the API lists it. */
export interface OrganizationSettingItem {
  key: string;
  value: string | number | null;
  default?: string | number | null;
}

/**
 * Settings values parsed as integers with defaults (SPEC §5): a missing or unparseable value
 * falls back to the item's default, then to SETTINGS_DEFAULTS.
 */
export function parseSettings(
  items: readonly OrganizationSettingItem[] | null | undefined,
): Record<OrganizationSettingKey, number> {
  const result = { ...SETTINGS_DEFAULTS };
  for (const key of Object.keys(SETTINGS_DEFAULTS) as OrganizationSettingKey[]) {
    const item = items?.find((candidate) => candidate.key === key);
    const parsed = toInteger(item?.value) ?? toInteger(item?.default);
    if (parsed !== null) result[key] = parsed;
  }
  return result;
}

function toInteger(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = Number.parseInt(String(value), 10);
  return Number.isNaN(parsed) ? null : parsed;
}

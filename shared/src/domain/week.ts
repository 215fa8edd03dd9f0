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
  | 'max_teacher_lessons_per_week';

/** Defaults of the organization settings (SPEC §9). */
export const SETTINGS_DEFAULTS: Readonly<Record<OrganizationSettingKey, number>> = {
  max_lessons_per_day: 7,
  working_days_per_week: 6,
  /** Substitutions stop at this many lessons a week (two rates of 18 hours: the usual ceiling). */
  max_teacher_lessons_per_week: 36,
};

/** The working days of a week with `workingDaysPerWeek` days (clamped to 1–7). */
export function workingDays(workingDaysPerWeek: number = SETTINGS_DEFAULTS.working_days_per_week): WeekDay[] {
  const count = Math.min(
    7,
    Math.max(1, Math.trunc(workingDaysPerWeek) || SETTINGS_DEFAULTS.working_days_per_week),
  );
  return WEEK_DAYS.slice(0, count);
}

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

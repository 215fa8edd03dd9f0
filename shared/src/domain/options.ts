/**
 * Select options for classes and periods, built one way for every screen (load, template,
 * timetable, journal, КТП, reports): a school with a branch has a «1А» and an «I четверть» in
 * each, so a picker names the organization of every name that two organizations share, and lists
 * each class and period once.
 */

import { fullName, type PersonName } from './names';

export interface SelectOption {
  value: string;
  label: string;
}

/** An organization as the pickers name it (GET /organizations/my-and-children). */
export interface OrganizationLabel {
  id: number;
  name: string;
  short_name?: string | null;
}

export interface ClassLike {
  id: number;
  name: string;
  organization_id: number;
  /** Short name of the class's organization when the answer carries it (GET /group). */
  organization_name?: string | null;
}

export interface PeriodLike {
  id: number;
  name: string;
  organization_id?: number;
  academic_year?: string;
}

/** Whether the items come from more than one organization (a school with its branch). */
export function spansOrganizations(items: readonly { organization_id?: number }[]): boolean {
  return new Set(items.map((item) => item.organization_id)).size > 1;
}

function organizationNamer(organizations: readonly OrganizationLabel[]) {
  const names = new Map(organizations.map((item) => [item.id, item.short_name || item.name]));
  return (id: number | undefined, fallback?: string | null) =>
    fallback || (id === undefined ? undefined : names.get(id));
}

/** The names that occur in more than one organization of the list. */
function sharedNames(items: readonly { name: string; organization_id?: number }[]): Set<string> {
  const organizationsOf = new Map<string, Set<number | undefined>>();
  for (const item of items)
    organizationsOf.set(item.name, (organizationsOf.get(item.name) ?? new Set()).add(item.organization_id));
  return new Set([...organizationsOf].filter(([, owners]) => owners.size > 1).map(([name]) => name));
}

/** Each item once, in the order given (an answer that repeats an id lists it once). */
function once<T extends { id: number }>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

/** People (teachers, staff) as options: full name in SPEC order, each once. */
export function personOptions(people: readonly (PersonName & { id: number })[]): SelectOption[] {
  return once(people).map((person) => ({ value: String(person.id), label: fullName(person) }));
}

/** «5А», or «1А · Филиал СОШ №1 (Берёзовка)» when a school and its branch both have a «1А». */
export function classOptions(
  classes: readonly ClassLike[],
  organizations: readonly OrganizationLabel[] = [],
): SelectOption[] {
  const list = once(classes);
  const shared = sharedNames(list);
  const nameOf = organizationNamer(organizations);
  return list.map((item) => {
    const organization = shared.has(item.name)
      ? nameOf(item.organization_id, item.organization_name)
      : undefined;
    return { value: String(item.id), label: organization ? `${item.name} · ${organization}` : item.name };
  });
}

/**
 * «I четверть 2026/2027» (`withYear`) or «I четверть», with the organization when another
 * organization of the list has a period of the same name; each period once.
 */
export function periodOptions(
  periods: readonly PeriodLike[],
  organizations: readonly OrganizationLabel[] = [],
  withYear = false,
): SelectOption[] {
  const list = once(periods);
  const shared = sharedNames(list);
  const nameOf = organizationNamer(organizations);
  return list.map((period) => {
    const base = withYear && period.academic_year ? `${period.name} ${period.academic_year}` : period.name;
    const organization = shared.has(period.name) ? nameOf(period.organization_id) : undefined;
    return { value: String(period.id), label: organization ? `${base} · ${organization}` : base };
  });
}

/** The periods a class works by: its organization's, for its grade. */
export function periodsOfClass<T extends { organization_id?: number; grades?: readonly number[] }>(
  periods: readonly T[],
  schoolClass: { organization_id: number; grade: number } | undefined,
): T[] {
  if (!schoolClass) return [];
  return periods.filter(
    (period) =>
      (period.organization_id === undefined || period.organization_id === schoolClass.organization_id) &&
      (period.grades === undefined || period.grades.includes(schoolClass.grade)),
  );
}

/** The term a day falls in (the one begun last); else the last one begun; else the first (the year only without terms). */
export function currentTerm<T extends { kind?: string | null; start_date: string; end_date: string }>(
  periods: readonly T[],
  today: string,
): T | undefined {
  const terms = periods
    .filter((period) => period.kind !== 'year')
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
  // Several terms can hold today (a school's четверть and полугодие of its senior grades): the
  // one begun last, the shorter, is the one most classes work by.
  return (
    [...terms].reverse().find((period) => period.start_date <= today && today <= period.end_date) ??
    [...terms].reverse().find((period) => period.start_date <= today) ??
    terms[0] ??
    periods[0]
  );
}

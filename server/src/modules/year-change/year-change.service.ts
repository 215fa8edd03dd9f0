import type {
  YearChangeInputParsed,
  YearChangePlan,
  YearChangeQueryParsed,
} from '@parta/shared/domain/contracts/year-change';
import { formatDate } from '@parta/shared/domain/dates';
import { targetOrganization } from '../../access/organization';
import type { Database } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { conflict, unprocessable, VALIDATION_MESSAGE } from '../../plugins/errors';
import { schoolToday } from '../clock/clock.service';
import { missingFinalMarks } from '../periods/periods.service';
import {
  copyKtpPlans,
  copyLoads,
  copySubgroups,
  copyTimetables,
  countClosingAccounts,
  countKtpPlans,
  countTimetableTemplates,
  createFirstGrades,
  ensureJournalPartitions,
  findClosedYear,
  findGraduationOfUser,
  findYearClasses,
  findYearHolidays,
  findYearPeriods,
  findYearTaken,
  findYearToClose,
  graduate,
  insertClosedYear,
  moveClassesUp,
  type ShiftedPeriod,
  writeCalendar,
} from './year-change.repository';

/** «2026/2027» → «2027/2028». */
function nextYearOf(year: string): string {
  const first = Number(year.slice(0, 4)) + 1;
  return `${first}/${first + 1}`;
}

/**
 * A name of the closing year renamed for the next one: each «2026/2027» (also «2026/27»,
 * «2026–2027», «2026-2027») of the closing year becomes the next year's, in its own form; a name
 * without the year stays as it is («I четверть»). `appendYear` (a timetable template) adds the next
 * year to a name without one, so the two years' templates are told apart.
 */
export function renameForYear(name: string, year: string, appendYear = false): string {
  const first = Number(year.slice(0, 4));
  let found = false;
  const renamed = name.replace(/(\d{4})(\s*[/–-]\s*)(\d{4}|\d{2})(?!\d)/g, (whole, from, dash, to) => {
    const end = Number(to.length === 2 ? `${from.slice(0, 2)}${to}` : to);
    if (Number(from) !== first || end !== first + 1) return whole;
    found = true;
    const next = String(first + 2);
    return `${first + 1}${dash}${to.length === 2 ? next.slice(2) : next}`;
  });
  if (found || !appendYear) return renamed;
  return `${name} ${nextYearOf(year)}`;
}

/** The same day a year later (29 February becomes the 28th). */
export function shiftByYear(date: string): string {
  const year = Number(date.slice(0, 4)) + 1;
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${year}-${monthDay}`;
}

/** The latest of ISO dates ('' for none). */
const latestDate = (dates: string[]) => [...dates].sort().at(-1) ?? '';

const alreadyDone = (year: string, nextYear: string) =>
  conflict(`Учебный год ${year} уже закрыт, ${nextYear} уже создан: переход выполняется один раз`);

/** What «Новый учебный год» will do for the school (the preview), or 409 when it has been done. */
async function plan(db: Database, organizationId: number): Promise<YearChangePlan> {
  const toClose = await findYearToClose(db, organizationId, schoolToday());
  if (!toClose.academic_year) {
    if (toClose.any_closed) {
      throw conflict(
        'Учебный год уже закрыт, а следующий ещё не начался: переход выполняется один раз в год',
      );
    }
    throw unprocessable('В школе нет начавшегося учебного года: сначала заведите его периоды', {
      organization_id: ['Нет учебных периодов'],
    });
  }
  const year = toClose.academic_year;
  const nextYear = nextYearOf(year);
  const lastGrade = toClose.last_grade ?? 11;
  const firstGrade = toClose.first_grade ?? 1;
  const taken = await findYearTaken(db, organizationId, year, nextYear);
  if (taken.closed || taken.next_exists) throw alreadyDone(year, nextYear);
  const [yearClasses, yearPeriods, yearHolidays, ktpPlans, templates] = await Promise.all([
    findYearClasses(db, organizationId, year),
    findYearPeriods(db, organizationId, year),
    findYearHolidays(db, organizationId, year),
    countKtpPlans(db, organizationId, year),
    countTimetableTemplates(db, organizationId, year),
  ]);
  const graduating = yearClasses.filter((row) => row.number >= lastGrade);
  const moving = yearClasses.filter((row) => row.number < lastGrade);
  const accounts = await countClosingAccounts(
    db,
    graduating.map((row) => row.id),
  );
  const today = schoolToday();
  const missing = [];
  for (const period of yearPeriods.filter((row) => row.endDate <= today)) {
    const lacking = await missingFinalMarks(db, {
      id: period.id,
      name: period.name,
      organization_id: organizationId,
      academic_year: year,
      grades: period.grades,
    });
    if (lacking.total > 0) missing.push(lacking);
  }
  const notes: string[] = [];
  if (missing.length > 0) {
    notes.push(
      `Не выставлены итоговые оценки: ${missing.map((period) => `${period.period_name} — ${period.total}`).join(', ')}. После перехода их уже не выставить.`,
    );
  }
  const open = yearPeriods.filter((period) => !period.closed);
  if (open.length > 0) {
    notes.push(
      `Открытые периоды (${open.map((period) => period.name).join(', ')}) закроются: журнал ${year} станет только для чтения.`,
    );
  }
  const yearEnd = latestDate(yearPeriods.map((period) => period.endDate));
  if (yearEnd && today < yearEnd) {
    notes.push(
      `Учебный год ${year} заканчивается ${formatDate(yearEnd)}: переход сейчас закроет его досрочно.`,
    );
  }
  notes.push(
    'Даты периодов и каникул сдвинуты на год: дни недели сместились, проверьте их по приказу на новый год.',
  );
  if (templates > 0) {
    notes.push(
      'Шаблоны расписания переносятся с уроками перенесённой нагрузки; без нагрузки — пустыми. Выпускные классы в них не попадают.',
    );
  }
  return {
    organization_id: organizationId,
    academic_year: year,
    next_year: nextYear,
    last_grade: lastGrade,
    classes: yearClasses.map((row) => ({
      group_id: row.id,
      from: `${row.number}${row.letter}`,
      to: row.number >= lastGrade ? null : `${row.number + 1}${row.letter}`,
      students: row.students,
      subgroup_sets: row.subgroup_sets,
      load_lines: row.load_lines,
    })),
    graduates: graduating.reduce((sum, row) => sum + row.students, 0),
    graduate_accounts: accounts.pupils,
    parent_accounts: accounts.parents,
    periods: yearPeriods.map(
      (period): ShiftedPeriod & { from_start_date: string; from_end_date: string } => ({
        name: renameForYear(period.name, year),
        kind: period.kind,
        start_date: shiftByYear(period.startDate),
        end_date: shiftByYear(period.endDate),
        grades: period.grades,
        from_start_date: period.startDate,
        from_end_date: period.endDate,
      }),
    ),
    holidays: yearHolidays.map((holiday) => ({
      name: renameForYear(holiday.name, year),
      start_date: shiftByYear(holiday.startDate),
      end_date: shiftByYear(holiday.endDate),
      grades: holiday.grades,
      review: true as const,
    })),
    load_lines: moving.reduce((sum, row) => sum + row.load_lines, 0),
    subgroup_sets: moving.reduce((sum, row) => sum + row.subgroup_sets, 0),
    ktp_plans: ktpPlans,
    timetable_templates: templates,
    first_grade: firstGrade,
    first_grade_letters: [
      ...new Set(yearClasses.filter((row) => row.number === firstGrade).map((row) => row.letter)),
    ],
    new_first_grades: [],
    missing_final_marks: missing,
    notes,
  };
}

/** GET /api/academic-years/next: the preview for the caller's school (or one of its tree). */
export function previewYearChange(db: Database, actor: Actor, query: YearChangeQueryParsed) {
  return plan(db, targetOrganization(actor, query.organization_id));
}

/**
 * POST /api/academic-years/next: closes the year and opens the next one, in one transaction (see
 * docs/ARCHITECTURE.md, «New academic year»). Answers what was done, as the preview said it.
 */
export async function runYearChange(
  db: Database,
  actor: Actor,
  input: YearChangeInputParsed,
): Promise<YearChangePlan> {
  const organizationId = targetOrganization(actor, input.organization_id);
  return db.transaction(async (tx) => {
    const closedAlready = await findClosedYear(tx, organizationId, input.academic_year);
    if (closedAlready) throw alreadyDone(input.academic_year, closedAlready.nextYear);
    const preview = await plan(tx, organizationId);
    if (preview.academic_year !== input.academic_year) {
      throw unprocessable(VALIDATION_MESSAGE, {
        academic_year: [`Закрывается учебный год ${preview.academic_year}, а не ${input.academic_year}`],
      });
    }
    const year = preview.academic_year;
    const nextYear = preview.next_year;
    const closed = await insertClosedYear(tx, {
      organizationId,
      academicYear: year,
      nextYear,
      closedBy: actor.userId,
    });
    if (!closed) throw alreadyDone(year, nextYear);
    await writeCalendar(tx, organizationId, year, nextYear, preview.periods, preview.holidays);
    await ensureJournalPartitions(tx, nextYear);
    const classMap = await moveClassesUp(tx, organizationId, year, nextYear, preview.last_grade);
    const yearEnd =
      latestDate(preview.periods.map((period) => period.from_end_date)) || `${year.slice(5)}-06-30`;
    const graduateIds = preview.classes.filter((row) => row.to === null).map((row) => row.group_id);
    const graduates = await graduate(tx, graduateIds, yearEnd);
    const subgroups = input.keep_subgroups
      ? await copySubgroups(tx, classMap)
      : { sets: 0, groups: new Map<number, number>() };
    const loadMap = input.keep_loads
      ? await copyLoads(tx, classMap, subgroups.groups)
      : new Map<number, number>();
    const ktpPlans = input.carry_ktp ? await copyKtpPlans(tx, organizationId, year, nextYear) : 0;
    const templates = input.copy_timetables
      ? await copyTimetables(tx, organizationId, year, nextYear, loadMap, (name) =>
          renameForYear(name, year, true),
        )
      : 0;
    const firstGrades = await createFirstGrades(
      tx,
      organizationId,
      nextYear,
      preview.first_grade,
      input.new_first_grades,
    );
    return {
      ...preview,
      graduates,
      subgroup_sets: subgroups.sets,
      load_lines: loadMap.size,
      ktp_plans: ktpPlans,
      timetable_templates: templates,
      new_first_grades: firstGrades,
    };
  });
}

/**
 * Why a closed account is closed, in Russian, when the year change closed it: «выпускник 2027 года»
 * (a pupil of the last grade), or a parent's whose children have all graduated. Null otherwise. The
 * sign-in asks only once the password was right, so a wrong one learns nothing from it.
 */
export async function graduationMessage(db: Database, userId: number): Promise<string | null> {
  const row = await findGraduationOfUser(db, userId);
  if (!row) return null;
  const year = row.academic_year.slice(5);
  return row.own
    ? `Учётная запись закрыта: выпускник ${year} года. Журнал и дневник прошлых лет хранятся в архиве школы.`
    : `Учётная запись закрыта: ваш ребёнок окончил школу в ${year} году.`;
}

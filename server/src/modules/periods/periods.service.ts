import type {
  ClosedPeriod,
  Holiday,
  HolidayInputParsed,
  MissingFinalMarks,
  Period,
  PeriodInputParsed,
} from '@parta/shared/domain/contracts/timetable';
import { groupName, shortName } from '@parta/shared/domain/names';
import { and, eq, gte, lte } from 'drizzle-orm';
import { targetOrganization } from '../../access/organization';
import { findInScope, scopeFilter } from '../../access/scope';
import type { Database } from '../../db/client';
import { holidays, periods } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { conflict, notFound, unprocessable } from '../../plugins/errors';
import {
  deleteHoliday,
  deletePeriod,
  findHolidays,
  findMissingFinalMarks,
  findOverlappingPeriod,
  findPeriods,
  insertHoliday,
  insertPeriod,
  isPeriodYearClosed,
  type PeriodValues,
  updateHoliday,
  updatePeriod,
} from './periods.repository';

const PERIOD_NOT_FOUND = 'Период не найден';
const HOLIDAY_NOT_FOUND = 'Каникулы не найдены';

/** GET /api/periods: periods of the caller's tree (or one organization of it) by start date. */
export function listPeriods(db: Database, actor: Actor, organizationId?: number): Promise<Period[]> {
  return findPeriods(db, scopeFilter(actor, periods.organizationId, organizationId));
}

/** One period of the caller's scope (404 otherwise); other areas read periods through this. */
export async function getPeriod(db: Database, actor: Actor, id: number): Promise<Period> {
  const [row] = await findPeriods(db, and(eq(periods.id, id), scopeFilter(actor, periods.organizationId)));
  if (!row) throw notFound(PERIOD_NOT_FOUND);
  return row;
}

function periodValues(input: PeriodInputParsed): PeriodValues {
  return {
    academicYear: input.academic_year,
    name: input.name,
    kind: input.kind,
    startDate: input.start_date,
    endDate: input.end_date,
    grades: input.grades,
  };
}

async function assertNoOverlap(
  db: Database,
  organizationId: number,
  values: PeriodValues,
  exceptId?: number,
) {
  const other = await findOverlappingPeriod(db, organizationId, values, exceptId);
  if (other) {
    throw unprocessable('Периоды пересекаются', {
      start_date: [`Даты пересекаются с периодом «${other.name}» для тех же классов`],
    });
  }
}

export async function createPeriod(db: Database, actor: Actor, input: PeriodInputParsed): Promise<Period> {
  const organizationId = targetOrganization(actor, input.organization_id);
  const values = periodValues(input);
  await assertNoOverlap(db, organizationId, values);
  return insertPeriod(db, organizationId, values);
}

export async function changePeriod(
  db: Database,
  actor: Actor,
  id: number,
  input: PeriodInputParsed,
): Promise<Period> {
  const period = await findInScope(db, actor, periods, id, PERIOD_NOT_FOUND);
  const values = periodValues(input);
  await assertNoOverlap(db, period.organizationId, values, id);
  return updatePeriod(db, id, values);
}

/** Closing locks the period's journal (read-only); reopening needs periods.edit as well. */
export async function setPeriodClosed(
  db: Database,
  actor: Actor,
  id: number,
  closed: boolean,
): Promise<Period> {
  const period = await findInScope(db, actor, periods, id, PERIOD_NOT_FOUND);
  if (!closed && (await isPeriodYearClosed(db, id))) {
    throw conflict(`Учебный год ${period.academicYear} закрыт: его периоды не открываются`);
  }
  return updatePeriod(db, id, { closed });
}

/** POST /api/periods/{id}/close: closes the period and says which final marks it lacks. */
export async function closePeriod(db: Database, actor: Actor, id: number): Promise<ClosedPeriod> {
  const period = await setPeriodClosed(db, actor, id, true);
  return { ...period, missing_final_marks: await missingFinalMarks(db, period) };
}

/**
 * The final marks a period still lacks, per class × subject with the pupils named (the close answer,
 * the year change's preview).
 */
export async function missingFinalMarks(
  db: Database,
  period: Pick<Period, 'id' | 'name' | 'organization_id' | 'academic_year' | 'grades'>,
): Promise<MissingFinalMarks> {
  const rows = await findMissingFinalMarks(db, period);
  const items = new Map<string, MissingFinalMarks['items'][number]>();
  for (const row of rows) {
    const key = `${row.group_id}|${row.subject_id}`;
    let item = items.get(key);
    if (!item) {
      item = {
        group_id: row.group_id,
        group_name: groupName(row),
        subject_id: row.subject_id,
        subject_name: row.subject_name,
        teacher_name:
          row.teacher_surname === null
            ? null
            : shortName({
                surname: row.teacher_surname,
                name: row.teacher_name,
                patronymic: row.teacher_patronymic,
              }),
        students: [],
      };
      items.set(key, item);
    }
    item.students.push({ id: row.student_id, name: `${row.surname} ${row.name}` });
  }
  return { period_id: period.id, period_name: period.name, total: rows.length, items: [...items.values()] };
}

export async function removePeriod(db: Database, actor: Actor, id: number) {
  await findInScope(db, actor, periods, id, PERIOD_NOT_FOUND);
  await deletePeriod(db, id);
}

// ---------------------------------------------------------------- holidays

export function listHolidays(db: Database, actor: Actor, organizationId?: number): Promise<Holiday[]> {
  return findHolidays(db, scopeFilter(actor, holidays.organizationId, organizationId));
}

/** Holidays of one organization that touch a date range (for laying lessons over dates). */
export function holidaysBetween(
  db: Database,
  organizationId: number,
  from: string,
  to: string,
): Promise<Holiday[]> {
  return findHolidays(
    db,
    and(
      eq(holidays.organizationId, organizationId),
      lte(holidays.startDate, to),
      gte(holidays.endDate, from),
    ),
  );
}

function holidayValues(input: HolidayInputParsed) {
  return {
    academicYear: input.academic_year,
    name: input.name,
    startDate: input.start_date,
    endDate: input.end_date,
    grades: input.grades,
  };
}

export async function createHoliday(db: Database, actor: Actor, input: HolidayInputParsed): Promise<Holiday> {
  const organizationId = targetOrganization(actor, input.organization_id);
  return insertHoliday(db, organizationId, holidayValues(input));
}

export async function changeHoliday(
  db: Database,
  actor: Actor,
  id: number,
  input: HolidayInputParsed,
): Promise<Holiday> {
  await findInScope(db, actor, holidays, id, HOLIDAY_NOT_FOUND);
  return updateHoliday(db, id, holidayValues(input));
}

export async function removeHoliday(db: Database, actor: Actor, id: number) {
  await findInScope(db, actor, holidays, id, HOLIDAY_NOT_FOUND);
  await deleteHoliday(db, id);
}

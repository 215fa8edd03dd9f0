import type { APIRequestContext } from '@playwright/test';
import { reportPeriod } from '../../remote-journal/src/features/reports/model/report-period';
import { apiLogin } from './demo';
import { schoolToday, test } from './test';

export interface Grid {
  /** The school's today: later lessons take no marks. */
  today: string;
  /** The period shown; a closed one takes no marks. */
  period: { id: number; name: string; closed: boolean };
  /** The class's periods of the year (the year itself last), as the period switch lists them. */
  periods: { id: number; name: string; kind: string; start_date: string; end_date: string }[];
  lessons: { id: number; date: string }[];
  students: { id: number; surname: string; name: string; patronymic: string | null }[];
  cells: {
    lesson_id: number;
    student_id: number;
    version: number;
    grades: { value: number }[];
    attendance?: string | null;
  }[];
}

/**
 * Why a marking walk does not run on the school's day: the journal's term has ended and is closed
 * (the holidays after it: the demo closes a term whose last day is past), and the next one has had no
 * lesson yet, so no cell anywhere takes a mark.
 */
export const NOTHING_TO_MARK =
  'на часах школы каникулы: прошедшая четверть закрыта, в следующей уроков ещё не было — отметить нечего';

/** Why a walk about proposed final marks («4?») does not run on the school's day. */
export const NO_PROPOSALS =
  'на часах школы каникулы: прошедшая четверть закрыта, её итоговые подтверждены — предложенных «4?» нет';

/** A term of the school's year as `/api/periods` lists it. */
export interface Term {
  id: number;
  name: string;
  kind: string;
  start_date: string;
  end_date: string;
  closed: boolean;
}

/** The school's terms (the year itself left out), as the завуч's period filters list them. */
export async function schoolTerms(request: APIRequestContext): Promise<Term[]> {
  const token = await apiLogin(request, 'zavuch');
  const response = await request.get('/api/periods', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: Term[] }).data.filter((period) => period.kind !== 'year');
}

/**
 * Skips the calling test when the school's today is in the каникулы after a closed term: no term is
 * under way and the one that ended last (the reports' own choice) is closed (the demo closes a term
 * whose last day is past).
 */
export async function skipInHolidaysAfterClosedTerm(request: APIRequestContext, reason = NOTHING_TO_MARK) {
  const terms = await schoolTerms(request);
  const today = schoolToday();
  const underWay = terms.some((term) => term.start_date <= today && today <= term.end_date);
  test.skip(!underWay && Boolean(reportPeriod(terms, today)?.closed), reason);
}

/**
 * The journal grid of the page's `journal/{group}/{load}` as the API answers it: of the period the
 * page shows (`?period=`), else the one the journal opens on.
 */
export async function apiGrid(request: APIRequestContext, token: string, url: string): Promise<Grid> {
  const [, groupId, loadId] = /journal\/(\d+)\/(\d+)/.exec(url)!;
  const period = new URL(url, 'http://page').searchParams.get('period');
  const response = await request.get(`/api/journal/${groupId}/${loadId}`, {
    headers: { Authorization: `Bearer ${token}` },
    params: period ? { period_id: period } : undefined,
  });
  return ((await response.json()) as { data: Grid }).data;
}

import type { APIRequestContext } from '@playwright/test';

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

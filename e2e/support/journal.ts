import type { APIRequestContext } from '@playwright/test';

export interface Grid {
  /** The school's today: later lessons take no marks. */
  today: string;
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

/** The journal grid of the page's `journal/{group}/{load}` as the API answers it. */
export async function apiGrid(request: APIRequestContext, token: string, url: string): Promise<Grid> {
  const [, groupId, loadId] = /journal\/(\d+)\/(\d+)/.exec(url)!;
  const response = await request.get(`/api/journal/${groupId}/${loadId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: Grid }).data;
}

import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';

/** The bearer header of a demo account, signed in through the API. */
export async function tokenOf(request: APIRequestContext, login: string) {
  const response = await request.post('/api/auth/login', { data: { login, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return { authorization: `Bearer ${(await response.json()).data.token}` };
}

type Grid = {
  students: { id: number }[];
  lessons: { id: number; date: string }[];
  cells: { lesson_id: number; student_id: number; attendance: string | null; version: number }[];
  today: string;
};

/**
 * The teacher marks the demo parent's child «н» in the latest lesson up to today that has no
 * attendance yet, with the school's correction window set to 0 (the absence is told at once).
 * `undo` removes the mark and puts the window back to its default.
 */
export async function markChildAbsent(request: APIRequestContext) {
  const director = await tokenOf(request, 'director');
  const teacher = await tokenOf(request, 'teacher');
  const parent = await tokenOf(request, 'parent');
  const setWindow = (minutes: number) =>
    request.put('/api/organizations/settings', {
      headers: director,
      data: [{ key: 'absence_correction_minutes', value: String(minutes) }],
    });
  expect((await setWindow(0)).ok()).toBe(true);

  const pupilId = (await (await request.get('/api/diary', { headers: parent })).json()).data.student
    .id as number;
  const loads = (await (await request.get('/api/journal', { headers: teacher })).json()).data.loads as {
    id: number;
    group_id: number;
    own: boolean;
    subgroup_id: number | null;
  }[];
  let target: { lessonId: number; version: number } | undefined;
  for (const load of loads.filter((item) => item.own && item.subgroup_id === null)) {
    const grid = (
      await (await request.get(`/api/journal/${load.group_id}/${load.id}`, { headers: teacher })).json()
    ).data as Grid;
    if (!grid.students.some((student) => student.id === pupilId)) continue;
    const lesson = grid.lessons
      .filter((item) => item.date <= grid.today)
      .reverse()
      .find(
        (item) =>
          !grid.cells.some(
            (cell) => cell.lesson_id === item.id && cell.student_id === pupilId && cell.attendance !== null,
          ),
      );
    if (!lesson) continue;
    const cell = grid.cells.find((item) => item.lesson_id === lesson.id && item.student_id === pupilId);
    target = { lessonId: lesson.id, version: cell?.version ?? 0 };
    break;
  }
  expect(target).toBeDefined();
  const cellUrl = `/api/journal/lessons/${target!.lessonId}/students/${pupilId}`;
  const saved = await request.put(cellUrl, {
    headers: teacher,
    data: { grades: [], attendance: 'н', version: target!.version },
  });
  expect(saved.ok()).toBe(true);
  const undo = async () => {
    await request.put(cellUrl, {
      headers: teacher,
      data: { grades: [], attendance: null, version: (await saved.json()).data.version },
    });
    await setWindow(15);
  };
  return { pupilId, parent, undo };
}

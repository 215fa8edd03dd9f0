import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { DEMO_PASSWORD } from '../support/demo';
import { ARTIFACTS_DIR } from '../support/system';

const shot = (name: string) => path.join(ARTIFACTS_DIR, `${name}.png`);

async function tokenOf(request: APIRequestContext, login: string) {
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

test('the teacher marks the child absent; after the window the parent’s bell shows it and opens the diary', async ({
  page,
  request,
}) => {
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
  try {
    await expect
      .poll(
        async () => (await (await request.get('/api/notifications', { headers: parent })).json()).meta.unread,
      )
      .toBeGreaterThan(0);

    await page.setViewportSize({ width: 1366, height: 800 });
    await new LoginPage(page).signIn('parent');
    const layout = new AppLayout(page);
    await layout.ready();
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('aria-label', /Уведомления: \d+ непрочитанн/);
    await bell.click();
    // Other notices of the day may be there too (the evening digest of marks, a замена): the absence's.
    const item = page.getByTestId('notification-item').filter({ hasText: 'пропуск' }).first();
    await expect(item).toBeVisible();
    await expect(item).toContainText('Пропущено уроков');
    await page.screenshot({ path: shot('notifications-1366-light'), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await layout.themeToggle.click();
    await bell.click();
    await expect(item).toBeVisible();
    await page.screenshot({ path: shot('notifications-1366-dark'), animations: 'disabled' });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Уведомления' })).toBeVisible();
    await page.screenshot({ path: shot('notifications-390-dark'), animations: 'disabled' });
    await page
      .getByRole('button', { name: 'Close' })
      .or(page.locator('.mantine-Drawer-close'))
      .first()
      .click();
    await layout.themeToggle.click();
    await bell.click();
    await page.screenshot({ path: shot('notifications-390-light'), animations: 'disabled' });

    // The item opens the pupil's diary on that week and counts as read.
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/diary\\?week=\\d{4}-\\d{2}-\\d{2}&student=${pupilId}`));
    await expect(bell).toHaveAttribute('aria-label', /непрочитанных нет|Уведомления: \d+ непрочитанн/);
  } finally {
    await request.put(cellUrl, {
      headers: teacher,
      data: { grades: [], attendance: null, version: (await saved.json()).data.version },
    });
    await setWindow(15);
  }
});

test('the parent opens «Уведомления» from the bell: the category × channel matrix, marks «сразу» or «вечером», e-mail off on this server', async ({
  page,
  request,
}) => {
  const parent = await tokenOf(request, 'parent');
  const preferences = async () =>
    (await (await request.get('/api/notifications/preferences', { headers: parent })).json()).data as {
      marks_instant: boolean;
      email_available: boolean;
    };
  expect((await preferences()).email_available).toBe(false);

  await page.setViewportSize({ width: 1366, height: 800 });
  await new LoginPage(page).signIn('parent');
  const layout = new AppLayout(page);
  await layout.ready();
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notification-settings-link').click();
  await expect(page).toHaveURL(/\/notifications\/settings$/);
  const matrix = page.getByTestId('notification-channels');
  await expect(matrix.getByRole('checkbox', { name: 'Пропуски: в приложении — всегда' })).toBeChecked();
  await expect(matrix.getByRole('checkbox', { name: 'Пропуски: на почту' })).toBeDisabled();
  await expect(page.getByTestId('notification-email')).toContainText('Почта не настроена на сервере');

  const timing = page.getByTestId('marks-timing');
  try {
    await timing.getByText('Сразу').click();
    await expect.poll(async () => (await preferences()).marks_instant).toBe(true);
    await page.reload();
    await expect(timing.getByRole('radio', { name: 'Сразу' })).toBeChecked();

    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') await layout.themeToggle.click();
      // No tooltip of the theme toggle over the screen.
      await page.mouse.move(0, 700);
      await page.setViewportSize({ width: 1366, height: 800 });
      await expect(matrix).toBeVisible();
      await page.screenshot({ path: shot(`notification-settings-1366-${theme}`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(matrix).toBeVisible();
      // Nothing wider than the phone: the matrix fits without a sideways scroll.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: shot(`notification-settings-390-${theme}`), fullPage: true });
    }
    // The user menu leads here too.
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/dashboard');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Уведомления' }).click();
    await expect(page).toHaveURL(/\/notifications\/settings$/);
  } finally {
    await request.put('/api/notifications/preferences', { headers: parent, data: { marks_instant: false } });
  }
});

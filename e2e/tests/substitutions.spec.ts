import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { schoolToday } from '../../shared/src/domain/dates';
import { addDays } from '../../shared/src/domain/timetable';
import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { ARTIFACTS_DIR } from '../support/system';

const shot = (name: string) => path.join(ARTIFACTS_DIR, `substitutions-${name}.png`);

/** Light and dark at the current width; the theme is left light. */
async function shots(page: Page, name: string) {
  const layout = new AppLayout(page);
  // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(1, 1);
  await page.screenshot({ path: shot(`${name}-light`), fullPage: true });
  await layout.themeToggle.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(1, 1);
  await page.screenshot({ path: shot(`${name}-dark`), fullPage: true });
  await layout.themeToggle.click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
}

const ddmmyy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`;

test('a завуч on a phone marks the mathematics teacher absent, distributes the day, changes one choice; the substitute gets the lesson', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const teacherToken = await apiLogin(request, 'teacher');
  const headers = { Authorization: `Bearer ${teacherToken}` };
  const me = (await (await request.post('/api/auth/me', { headers })).json()).data;
  // The teacher's next day with lessons after today (tomorrow may be a Sunday).
  const lessons = (
    await (
      await request.get(
        `/api/lessons?teacher_id=${me.id}&from=${addDays(schoolToday(), 1)}&to=${addDays(schoolToday(), 8)}`,
        { headers },
      )
    ).json()
  ).data as { date: string }[];
  const day = lessons[0].date;

  await page.setViewportSize({ width: 390, height: 844 });
  await new LoginPage(page).signIn('zavuch');
  await page.goto('/timetable/substitutions');
  await expect(page.getByRole('heading', { name: 'Замены' })).toBeVisible();
  await page.getByTestId('absence-teacher').click();
  await page.getByTestId('absence-teacher').fill(me.surname);
  await page
    .getByRole('option', { name: new RegExp(me.surname) })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'С', exact: true }).fill(ddmmyy(day));
  await page.getByRole('textbox', { name: 'По', exact: true }).fill(ddmmyy(day));
  await page.getByRole('heading', { name: 'Замены' }).click();
  await page.getByRole('button', { name: 'Отметить отсутствие' }).click();
  const open = page.getByTestId('absence-open-count');
  await expect(open).toContainText(/Открыто уроков: [1-9]/);
  const cards = page.getByTestId('cover-lesson');
  await expect(cards.first()).toContainText('ведёт этот предмет');

  await page.getByRole('button', { name: 'Распределить всё' }).click();
  await expect(open).toContainText('Открыто уроков: 0');
  await expect(cards.first()).toContainText('замена:');
  // Change one choice: the next candidate of the first lesson.
  const first = cards.first();
  const before = await first.locator('.mantine-Badge-root').first().textContent();
  await first.getByTestId('candidate').first().click();
  await expect(first.locator('.mantine-Badge-root').first()).not.toHaveText(before ?? '');
  await expect(first).toContainText('замена:');
  await shots(page, 'phone');

  // The substitute finds the lesson among the day's lessons, with its journal.
  const zavuchToken = await apiLogin(request, 'zavuch');
  const absences = (
    await (
      await request.get(`/api/substitutions/absences?from=${day}&to=${day}`, {
        headers: { Authorization: `Bearer ${zavuchToken}` },
      })
    ).json()
  ).data as { id: number; teacher_id: number }[];
  const absence = absences.find((item) => item.teacher_id === me.id)!;
  const detail = (
    await (
      await request.get(`/api/substitutions/absences/${absence.id}`, {
        headers: { Authorization: `Bearer ${zavuchToken}` },
      })
    ).json()
  ).data;
  const covered = detail.days[0].lessons[0].lesson;
  expect(covered.status).toBe('replaced');

  await page.setViewportSize({ width: 1366, height: 850 });
  await shots(page, 'desktop');
  await page.getByRole('tab', { name: 'Замещения за месяц' }).click();
  await expect(page.getByTestId('report-totals')).toContainText('Замещено часов');
  await shots(page, 'report');
});

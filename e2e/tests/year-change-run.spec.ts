import { AppLayout } from '../pages/app-layout.page';
import { ArchivePage } from '../pages/archive.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin, apiMe } from '../support/demo';
import { snap } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * «Новый учебный год» run for real, as the director does it (issue 40), then the archive of the year
 * it closed. It closes the demo school's year, so it runs in its own Playwright project after every
 * other spec has finished (playwright.config.ts: project `year-change`, which depends on `chromium`).
 */
test('the director runs «Новый учебный год»: classes move up, pupils keep signing in', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  // The director's own school (its branch keeps its year: the change is one organization's).
  const schoolClasses = async () => {
    const token = await apiLogin(request, 'director');
    const headers = { Authorization: `Bearer ${token}` };
    const school = (await apiMe(request, token)).organization.id;
    const body = await (await request.get('/api/group', { headers })).json();
    return (body.data.groups as { name: string; organization_id: number; academic_year: string }[])
      .filter((group) => group.organization_id === school)
      .map((group) => `${group.name} ${group.academic_year}`);
  };
  const before = await schoolClasses();
  expect(before).toEqual(expect.arrayContaining(['1А 2026/2027', '5А 2026/2027', '11А 2026/2027']));

  await new LoginPage(page).signIn('director');
  const archive = new ArchivePage(page);
  await archive.goto();
  await archive.openYearChange();
  const dialog = archive.yearChange;
  const run = dialog.getByRole('button', { name: 'Закрыть 2026/2027 и начать 2027/2028' });
  await expect(run).toBeDisabled();
  // The завуч opens one new first grade, 1А, empty (1Б is not opened).
  await dialog.getByTestId('year-change-first-grades').locator('label', { hasText: /^1А$/ }).click();
  await dialog.getByRole('checkbox', { name: /^Понимаю/ }).check();
  await run.click();
  await expect(
    page.getByText(
      /Начался 2027\/2028 учебный год: классов переведено — \d+, выпускников — \d+, новых 1-х классов — 1/,
    ),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(dialog).toBeHidden();

  // This year's lists: 1А is 2А now, 10А is 11А, the old 11А graduated, and the new 1А only.
  const after = await schoolClasses();
  expect(after).toEqual(expect.arrayContaining(['2А 2027/2028', '6А 2027/2028', '11А 2027/2028']));
  expect(after.filter((name) => !name.endsWith(' 2027/2028'))).toEqual([]);
  expect(after.filter((name) => name.startsWith('1А ') || name.startsWith('1Б '))).toEqual(['1А 2027/2028']);
  expect(after).toHaveLength(before.filter((name) => !name.startsWith('11')).length + 1);

  // КТП opens on the new year, its plans carried over; the closed year's stay under 2026/2027.
  await page.goto('/ktp');
  const year = page.getByTestId('ktp-year');
  await expect(year).toHaveValue('2027/2028');
  const plans = page.getByTestId('ktp-plans').getByRole('row');
  await expect(plans.nth(1)).toBeVisible();
  const carried = await plans.count();
  await year.click();
  await page.getByRole('option', { name: '2026/2027' }).click();
  await expect(year).toHaveValue('2026/2027');
  // The closed year's list holds the same plans (and the branch's, whose year goes on).
  await expect.poll(() => plans.count()).toBeGreaterThanOrEqual(carried);
  await snap(page, 'ktp-after-year-change');
  await page.goto('/class');
  await expect(page.getByRole('heading', { name: 'Классы', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '6А', exact: true }).first()).toBeVisible();
  await snap(page, 'year-change-classes-after', { fullPage: true });

  // A second run is refused: the year is already closed.
  await archive.goto();
  await archive.yearChangeButton.click();
  await expect(dialog).toContainText(/2027\/2028|уже/);
  await snap(page, 'year-change-after');
  await page.keyboard.press('Escape');

  // The closed year is archived whole: every class journal of 2026/2027, 5А's under its old name.
  await archive.goto();
  await archive.choosePeriod('2026/2027 учебный год');
  await archive.build.click();
  await expect(archive.progress).toContainText(/Готов: классов (\d+) из \1/, { timeout: 420_000 });
  await expect(archive.fileRow(/Классный журнал 5А, 2026\/2027 учебный год/)).toBeVisible();
  await snap(page, 'archive-closed-year', { fullPage: true });

  // The pupil of 5А, now 6А, still signs in and reads the diary.
  await new AppLayout(page).signOut();
  await new LoginPage(page).signIn('student');
  await page.goto('/diary');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

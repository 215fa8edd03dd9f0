import { LoginPage } from '../pages/login.page';
import { BellsPage, LoadPage, PeriodsPage, TimetablePage } from '../pages/timetable.page';
import { apiLogin } from '../support/demo';
import { SCREENSHOTS_TAG, snapThemes } from '../support/screenshots';
import { expect, test } from '../support/test';

test.describe('timetable: bells, periods, load, template, dated lessons', () => {
  test('a завуч builds a summer timetable for a new class and its week shows the lessons with bell times', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(request, 'zavuch');
    const created = await request.post('/api/group', {
      headers: { Authorization: `Bearer ${token}` },
      data: { number: 5, letter: 'Л' },
    });
    expect(created.status()).toBe(201);

    await new LoginPage(page).signIn('zavuch');
    const bells = new BellsPage(page);
    const card = await bells.create('Летняя школа', 3);
    await expect(card).toContainText('08:30');
    await expect(card).toContainText('10 мин');

    const periods = new PeriodsPage(page);
    await periods.goto();
    await periods.addPeriod('Летняя четверть', '01.06.27', '30.06.27');
    await expect(page.getByTestId('period-row').filter({ hasText: 'Летняя четверть' })).toContainText(
      '01.06.27 – 30.06.27',
    );
    await periods.addHoliday('День России (перенос)', '14.06.27');
    await expect(page.getByTestId('holiday-row').filter({ hasText: 'День России' })).toContainText(
      '14.06.27',
    );

    const load = new LoadPage(page);
    await load.open('5Л');
    await load.addLine('Математика', 5);
    await load.addLine('Русский язык', 6);
    await expect(load.rows).toHaveCount(2);
    await expect(page.getByTestId('load-total')).toHaveText('11 из 32 ч в неделю (СанПиН)');

    const timetable = new TimetablePage(page);
    await timetable.createTemplate('Летний шаблон');
    await page.getByRole('combobox', { name: 'Класс' }).click();
    await page.getByRole('option', { name: '5Л', exact: true }).click();
    await timetable.place('Математика', 1, 1);
    // The grid abbreviates a long name («Матем.») and keeps the whole one in its tooltip.
    await expect(timetable.cell(1, 1)).toContainText('Матем.');
    await timetable.place('Русский язык', 1, 1);
    // Both lines went to the first teacher of the list: the teacher is the first conflict named.
    await expect(timetable.refusal).toContainText(
      /уже ведёт урок в это время \(5Л\)|У 5Л уже есть урок в это время/,
    );
    await expect(timetable.cell(1, 1)).not.toContainText('Русский язык');
    await timetable.place('Русский язык', 1, 2);
    await expect(timetable.cell(1, 2)).toContainText('Русский язык');
    await expect(page.getByTestId('load-item').filter({ hasText: 'Математика' })).toContainText('1/5');
    await snapThemes(page, 'timetable-template');

    // Mondays 07.06, 21.06, 28.06 (14.06 is a day off) × two lessons.
    const result = await timetable.apply(/Летняя четверть/);
    await expect(result).toContainText('Создано уроков: 6');

    const lessons = await timetable.classWeek('5Л', '09.06.27');
    await expect(lessons).toHaveCount(2);
    await expect(lessons.first()).toContainText('Математика');
    await expect(lessons.first()).toContainText('08:30–09:15');
    await expect(lessons.nth(1)).toContainText('09:25–10:10');
    await timetable.classWeek('5Л', '16.06.27');
    await expect(page.getByTestId('week-lesson')).toHaveCount(0);
  });

  test('a teacher sees their lessons on the dashboard', async ({ page }) => {
    await new LoginPage(page).signIn('teacher');
    const today = page.getByTestId('today-lessons');
    await expect(today).toBeVisible();
    await expect(today.getByTestId('today-lesson').first()).toContainText(/\d\. \d\d:\d\d–\d\d:\d\d/);
    await snapThemes(page, 'timetable-dashboard-teacher');
  });

  test('screenshots of the timetable screens at 1280 and 390 px, light and dark', {
    tag: SCREENSHOTS_TAG,
  }, async ({ page }) => {
    test.setTimeout(180_000);
    await new LoginPage(page).signIn('zavuch');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.goto('/bells');
      await expect(page.getByTestId('bell-schedule').first()).toBeVisible();
      await snapThemes(page, `timetable-bells-${width}`);
      await page.goto('/periods');
      await expect(page.getByTestId('holiday-row').first()).toBeVisible();
      await snapThemes(page, `timetable-periods-${width}`);
      const load = new LoadPage(page);
      await load.open('5А');
      await expect(load.rows.first()).toBeVisible();
      await snapThemes(page, `timetable-load-${width}`);
      const timetable = new TimetablePage(page);
      const lessons = await timetable.classWeek('5А', '23.11.26');
      await expect(lessons.first()).toBeVisible();
      await snapThemes(page, `timetable-class-week-${width}`);
      await page.goto('/subject');
      await expect(page.getByTestId('subject-row').first()).toBeVisible();
      await snapThemes(page, `timetable-subjects-${width}`);
      // The generator's screens (issue 21): rooms, a teacher's free cells, the generation form.
      await page.goto('/timetable/rooms');
      await expect(page.getByRole('heading', { level: 1, name: 'Кабинеты' })).toBeVisible();
      await snapThemes(page, `timetable-rooms-${width}`);
      await page.goto('/timetable/availability');
      await page.getByRole('combobox', { name: 'Учитель' }).click();
      await page.getByRole('option').first().click();
      await expect(page.getByText(/Недоступно клеток: \d+/)).toBeVisible();
      await snapThemes(page, `timetable-availability-${width}`);
      await page.goto('/timetable/generate');
      await expect(page.getByLabel('Название шаблона')).toBeVisible();
      await snapThemes(page, `timetable-generator-${width}`);
    }
  });

  test('a director’s organization settings, at 1280 and 390 px', async ({ page }) => {
    await new LoginPage(page).signIn('director');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/organization/settings');
      await expect(page.getByRole('textbox', { name: 'Уроков в день' })).toHaveValue('7');
      await snapThemes(page, `timetable-settings-${width}`);
    }
  });
});

import { expect, test } from '@playwright/test';
import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { choose } from '../pages/timetable.page';
import { apiLogin, apiMe } from '../support/demo';

/**
 * Issue 21: the завуч describes rooms and a teacher's free day, generates the school's timetable,
 * watches it, reviews the result in the template editor and applies it; the teacher sees the lessons.
 */
test.describe('timetable generator', () => {
  test('a завуч adds a room and a teacher’s free day, generates, applies; the teacher’s week shows lessons', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const teacher = await apiMe(request, await apiLogin(request, 'teacher'));
    const teacherName = 'Лебедева Ольга Николаевна';

    await new LoginPage(page).signIn('zavuch');

    // Кабинеты: a gym.
    await page.goto('/timetable/rooms');
    await expect(page.getByRole('heading', { name: 'Кабинеты' })).toBeVisible();
    await page.getByRole('button', { name: 'Добавить кабинет' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый кабинет' });
    await dialog.getByRole('textbox', { name: 'Название' }).fill('Малый спортзал');
    await choose(page, dialog, 'Вид', 'Спортзал');
    await dialog.getByRole('textbox', { name: 'Вместимость, учеников' }).fill('30');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('room-row').filter({ hasText: 'Малый спортзал' });
    await expect(row).toContainText('Спортзал');
    await expect(row).toContainText('30');

    // Недоступность: the teacher's Friday is free.
    await page.goto('/timetable/availability');
    await choose(page, page, 'Учитель', teacherName);
    const grid = page.getByTestId('availability-grid');
    await expect(grid).toBeVisible();
    const lessons = await grid.locator('tbody tr').count();
    for (let lesson = 1; lesson <= lessons; lesson++) {
      await grid.getByRole('button', { name: `Пятница, ${lesson} урок: доступен` }).click();
      await expect(grid.getByRole('button', { name: `Пятница, ${lesson} урок: недоступен` })).toBeVisible();
    }
    await expect(page.getByText(`Недоступно клеток: ${lessons}`)).toBeVisible();

    // Составить расписание: progress, then the result in the template editor.
    await page.goto('/timetable/generate');
    await page.getByRole('textbox', { name: 'Название шаблона' }).fill('Расписание генератора');
    await page.getByRole('textbox', { name: 'Время поиска, с' }).fill('15');
    await page.getByRole('button', { name: 'Составить' }).click();
    const progress = page.getByTestId('generation-progress');
    await expect(progress).toContainText(/Поставлено уроков: \d+ из \d+/);
    await expect(page.getByTestId('generation-status')).toHaveText('Готово', { timeout: 120_000 });
    await expect(progress).toContainText('Нарушений жёстких правил: 0');
    await page.getByRole('link', { name: 'Открыть в редакторе шаблона' }).click();
    await expect(page.getByRole('heading', { name: 'Расписание генератора' })).toBeVisible();
    const templateId = Number(page.url().match(/templates\/(\d+)/)?.[1]);

    // The teacher has no lesson on Friday in the generated template.
    const token = await apiLogin(request, 'zavuch');
    const template = await request.get(`/api/timetable/templates/${templateId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const slots = ((await template.json()) as { data: { slots: { teacher_id: number; weekday: number }[] } })
      .data.slots;
    const own = slots.filter((slot) => slot.teacher_id === teacher.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((slot) => slot.weekday === 5)).toEqual([]);

    // The whole school's template over a term: thousands of lessons, so the answer takes a while.
    await page.getByRole('link', { name: 'Применить к периоду' }).click();
    await choose(page, page, 'Период', 'III четверть (11.01.27 – 20.03.27)');
    await page.getByRole('button', { name: 'Применить', exact: true }).click();
    await expect(page.getByTestId('apply-result')).toContainText(/Создано уроков: \d+/, { timeout: 120_000 });

    // The teacher's week in the third term shows lessons.
    await new AppLayout(page).signOut();
    await new LoginPage(page).signIn('teacher');
    await page.goto('/timetable');
    await page.getByRole('tab', { name: 'Неделя учителя' }).click();
    const week = page.getByRole('textbox', { name: 'Неделя с датой' });
    await week.fill('18.01.27');
    await week.press('Enter');
    await week.press('Escape');
    await expect(page.getByTestId('week-lesson').first()).toBeVisible();
  });
});

import { openingColumn } from '../../remote-journal/src/features/journal/model/today-column';
import { DashboardPage } from '../pages/dashboard.page';
import { JournalPage } from '../pages/journal.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { apiGrid } from '../support/journal';
import { expect, type Page, test } from '../support/test';

/**
 * The teacher's most frequent path (issue 36): from the dashboard's «Уроки сегодня», or from the
 * menu, to today's column of the journal, on a phone in the hand; the pupils readable there.
 */

/** The column the journal must open at: the lesson of `day`, else the last one before it. */
async function expectedColumn(page: Page, day?: string) {
  const token = await apiLogin(page.request, 'teacher');
  const grid = await apiGrid(page.request, token, page.url());
  return { grid, col: openingColumn(grid.lessons, day ?? grid.today) };
}

test.describe('on a 390 px touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a lesson of «Уроки сегодня» opens its journal at that day’s column', async ({ page }) => {
    test.setTimeout(120_000);
    await new LoginPage(page).signIn('teacher');
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const link = dashboard.lessonLinks.first();
    await expect(link).toBeVisible();
    await link.tap();
    await expect(page).toHaveURL(/\/journal\/\d+\/\d+\?(period=\d+&)?date=\d{4}-\d\d-\d\d/);
    const journal = new JournalPage(page);
    await journal.ready();
    const day = new URL(page.url()).searchParams.get('date')!;
    const { grid, col } = await expectedColumn(page, day);
    // The lesson tapped is in this journal on that day (the dashboard showed the teacher's own).
    expect(grid.lessons[col].date).toBe(day);
    await journal.expectColumnInView(col);
    await expect(journal.cell(0, col)).toHaveAttribute('aria-selected', 'true');
  });

  test('the journal opened from the menu opens at today’s column', async ({ page }) => {
    test.setTimeout(120_000);
    await new LoginPage(page).signIn('teacher');
    await page.goto('/journal');
    await page.locator('a[href^="/journal/"]').filter({ hasText: '·' }).first().tap();
    const journal = new JournalPage(page);
    await journal.ready();
    const { grid, col } = await expectedColumn(page);
    // Today is weeks into the term: the first lessons' columns are not where it opens.
    expect(col, 'the term has lessons before today').toBeGreaterThan(3);
    expect(grid.lessons[col].date <= grid.today).toBe(true);
    await journal.expectColumnInView(col);
  });

  test('«Оценки за неделю» on the dashboard names each class and subject whole, on a phone and a desk', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(page.request, 'teacher');
    const week = await page.request.get('/api/journal/week', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const given = ((await week.json()) as { data: { marks: unknown[] } }).data.marks.length;
    test.skip(given === 0, 'за последние семь дней на часах школы (каникулы) учитель не ставил оценок');
    await new LoginPage(page).signIn('teacher');
    await new DashboardPage(page).open();
    // Each row's title: «класс · предмет».
    const titles = page.getByTestId('week-marks').getByText(/^\S+ · \S/);
    await expect(titles.first()).toBeVisible({ timeout: 30_000 });
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      const widths = await titles.evaluateAll((nodes) =>
        nodes.map((node) => ({ text: node.textContent, need: node.scrollWidth, has: node.clientWidth })),
      );
      // The demo teacher's subjects include long ones («10Б · Вероятность и статистика»), which the
      // old columns (130 px on a phone, 220 on a desk) cut with an ellipsis.
      expect(Math.max(...widths.map((title) => title.need))).toBeGreaterThan(220);
      for (const title of widths)
        expect(title.need, `«${title.text}» is cut at ${width} px`).toBeLessThanOrEqual(title.has);
    }
  });

  test('every pupil’s name is whole and tells classmates apart (surname and initials, no ellipsis)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const journal = new JournalPage(page);
    await new LoginPage(page).signIn('teacher');
    await page.goto('/journal');
    await page.locator('a[href^="/journal/"]').filter({ hasText: '·' }).first().tap();
    await journal.ready();
    const { grid } = await expectedColumn(page);
    const shown = await journal.pupilNames.evaluateAll((cells) =>
      cells.map((cell) => ({
        // biome-ignore lint/performance/useDomNodeTextContent: what is shown (the hidden full name left out)
        text: (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        cut: cell.scrollWidth > cell.clientWidth || getComputedStyle(cell).textOverflow === 'ellipsis',
      })),
    );
    expect(shown).toHaveLength(grid.students.length);
    shown.forEach((cell, row) => {
      const pupil = grid.students[row];
      expect(cell.cut, `${cell.text} is cut`).toBe(false);
      // «3. Комарова А. С.»: the surname and the initials, so two Комаровы read differently.
      const initials = [pupil.name, pupil.patronymic]
        .filter(Boolean)
        .map((part) => `${part!.charAt(0)}.`)
        .join(' ');
      expect(cell.text).toBe(`${row + 1}. ${pupil.surname} ${initials}`);
    });
    // Classmates sharing a surname (if the class has any) read differently; no two rows read alike.
    const texts = shown.map((cell) => cell.text.replace(/^\d+\. /, ''));
    const bySurname = new Map<string, number>();
    for (const pupil of grid.students) bySurname.set(pupil.surname, (bySurname.get(pupil.surname) ?? 0) + 1);
    const namesakes = grid.students.flatMap((pupil, row) =>
      (bySurname.get(pupil.surname) ?? 0) > 1 ? [row] : [],
    );
    expect(new Set(namesakes.map((row) => texts[row])).size).toBe(namesakes.length);
  });
});

test('the pupils’ name cells are row headers: the lesson cells are announced with the pupil', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const journal = new JournalPage(page);
  await new LoginPage(page).signIn('teacher');
  await journal.openOwn(/·/);
  const { grid } = await expectedColumn(page);
  await expect(journal.grid.locator('tbody th[scope="row"]')).toHaveCount(grid.students.length);
  await expect(journal.grid.getByRole('rowheader')).toHaveCount(grid.students.length);
  // The column headers are the header row's alone: «Ученик», the lessons, «Средний», «Итог».
  await expect(journal.grid.getByRole('columnheader')).toHaveCount(grid.lessons.length + 3);
});

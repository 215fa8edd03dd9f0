import { JournalPage } from '../pages/journal.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { apiGrid, NOTHING_TO_MARK } from '../support/journal';
import { expect, test } from '../support/test';

/**
 * The journal in a teacher's hand (issue 20): a phone, a finger, no keyboard. Tapping a cell opens
 * the mark bar; a tapped mark is saved as a typed one and the cursor goes down to the next pupil.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a teacher enters 5, 4, н and a double mark by taps only; each is saved and is there after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const journal = new JournalPage(page);
  await new LoginPage(page).signIn('teacher');
  await page.goto('/journal');
  // The teacher's second own journal: the first one is the keyboard and offline specs'.
  await page.locator('a[href^="/journal/"]').filter({ hasText: '·' }).nth(1).tap();
  await journal.ready();

  const token = await apiLogin(request, 'teacher');
  const grid = await apiGrid(request, token, page.url());
  test.skip(grid.period.closed, NOTHING_TO_MARK);
  // The last lesson up to today (later ones take no marks) with five pupils in a row with nothing in
  // it: today's on a fresh seed (it fills the journal up to the day before), else an earlier one.
  const empty = (lessonId: number, row: number) =>
    row < grid.students.length &&
    !grid.cells.some(
      (cell) =>
        cell.lesson_id === lessonId &&
        cell.student_id === grid.students[row].id &&
        (cell.grades.length > 0 || cell.attendance),
    );
  let col = -1;
  let first = -1;
  for (let index = grid.lessons.length - 1; index >= 0 && col < 0; index--) {
    if (grid.lessons[index].date > grid.today) continue;
    const id = grid.lessons[index].id;
    first = grid.students.findIndex((_, row) => [0, 1, 2, 3, 4].every((step) => empty(id, row + step)));
    if (first >= 0) col = index;
  }
  expect(col).toBeGreaterThanOrEqual(0);
  const lessonId = grid.lessons[col].id;
  const rows = [first, first + 1, first + 2, first + 3];

  // The pupil's name stays in view while the dates scroll; «Средний» and «Итог» too.
  await journal.cell(first, col).tap();
  await expect(journal.cell(first, col)).toHaveAttribute('aria-selected', 'true');
  await expect(journal.grid.locator('tbody th').nth(first)).toBeInViewport();
  await expect(journal.average(first)).toBeInViewport();

  const bar = page.getByTestId('mark-bar');
  await expect(bar).toBeVisible();
  const [, month, day] = grid.lessons[col].date.split('-');
  await expect(bar.getByTestId('mark-bar-date')).toHaveText(new RegExp(`^${day}\\.${month}\\.`));
  await expect(bar.getByTestId('mark-bar-pupil')).toHaveText(new RegExp(`^${first + 1}\\. `));
  // Thumb-sized targets.
  for (const button of await bar.getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
  }

  await bar.getByRole('button', { name: 'Оценка 5' }).tap();
  await expect(journal.cell(rows[0], col)).toHaveText('5');
  await expect(journal.cell(rows[0], col)).toHaveAttribute('data-state', 'saved');
  // The cursor went down the column by itself.
  await expect(journal.cell(rows[1], col)).toHaveAttribute('aria-selected', 'true');
  await expect(bar.getByTestId('mark-bar-pupil')).toHaveText(new RegExp(`^${rows[1] + 1}\\. `));

  await bar.getByRole('button', { name: 'Оценка 4' }).tap();
  await expect(journal.cell(rows[1], col)).toHaveAttribute('data-state', 'saved');
  await bar.getByRole('button', { name: 'н — отсутствовал' }).tap();
  await expect(journal.cell(rows[2], col)).toHaveAttribute('data-state', 'saved');

  await expect(journal.cell(rows[3], col)).toHaveAttribute('aria-selected', 'true');
  await bar.getByRole('button', { name: 'несколько' }).tap();
  await bar.getByRole('button', { name: 'Оценка 5' }).tap();
  await bar.getByRole('button', { name: 'Оценка 4' }).tap();
  await expect(bar.getByTestId('mark-bar-draft')).toContainText('«5/4»');
  // Nothing is written until «готово».
  await expect(journal.cell(rows[3], col)).toHaveText('');
  await bar.getByRole('button', { name: 'готово' }).tap();
  await expect(journal.cell(rows[3], col)).toHaveText('5/4');
  await expect(journal.cell(rows[3], col)).toHaveAttribute('data-state', 'saved');

  // A hardware keyboard still types into the selected cell.
  await expect(journal.cell(first + 4, col)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('3');
  await page.keyboard.press('Enter');
  await expect(journal.cell(first + 4, col)).toHaveAttribute('data-state', 'saved');

  const expected = ['5', '4', 'н', '5/4', '3'];
  await page.reload();
  await journal.ready();
  for (const [index, text] of expected.entries()) {
    await expect(journal.cell(first + index, col)).toHaveText(text);
  }
  const stored = await apiGrid(request, token, page.url());
  const at = (row: number) =>
    stored.cells.find((cell) => cell.lesson_id === lessonId && cell.student_id === grid.students[row].id);
  expect(at(rows[3])?.grades.map((grade) => grade.value)).toEqual([5, 4]);
  expect(at(rows[2])?.attendance).toBe('н');
});

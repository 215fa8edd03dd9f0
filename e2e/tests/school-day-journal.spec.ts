import { reportPeriod } from '../../remote-journal/src/features/reports/model/report-period';
import { JournalPage } from '../pages/journal.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { apiGrid, schoolTerms } from '../support/journal';
import { snap } from '../support/screenshots';
import { expect, type Page, schoolToday, test } from '../support/test';

/** Issue 19: what a завуч and a teacher hit in daily use of the reports and the journal. */

const today = () => schoolToday();
const ddmmyy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`;

/** The seed's II четверть (server/src/seed/curriculum.ts): the current term on the demo's days. */
const SECOND_TERM_START = '2026-11-05';

test.describe('reports a завуч can sign', () => {
  test('«Заполняемость» opens on the current term, takes a date range picked with the mouse and pages through every gap', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await new LoginPage(page).signIn('zavuch');
    await page.goto('/reports/journal-completion');
    const picker = page.getByTestId('completion-dates');
    // The current term, not the last 30 days across the term boundary.
    await expect(picker).toContainText(ddmmyy(SECOND_TERM_START));
    await expect(page.getByTestId('completion-table').locator('tbody tr').first()).toBeVisible();

    // Two clicks in the calendar: the start, then the end.
    await picker.click();
    const calendar = page.getByRole('dialog');
    await expect(calendar).toBeVisible();
    await calendar
      .getByRole('button', { name: /^10 / })
      .or(calendar.getByRole('button', { name: '10', exact: true }))
      .first()
      .click();
    await calendar
      .getByRole('button', { name: /^17 / })
      .or(calendar.getByRole('button', { name: '17', exact: true }))
      .first()
      .click();
    await expect(page).toHaveURL(/from=2026-11-10&to=2026-11-17/);
    await expect(picker).toContainText('10.11.26');
    await expect(picker).toContainText('17.11.26');
    await expect(page.getByTestId('completion-table').locator('tbody tr').first()).toBeVisible();

    // A whole term: every gap is reachable page by page, the header says how many there are.
    await page.goto('/reports/journal-completion?from=2026-09-01&to=2026-11-20');
    const total = Number(
      (await page.getByTestId('completion-gaps-total').textContent())?.replace(/\D/g, '') ?? '0',
    );
    expect(total).toBeGreaterThan(100);
    const pages = page.getByTestId('completion-gaps-pages');
    await expect(pages).toBeVisible();
    await pages.getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/gaps=2/);
    await expect(page.getByTestId('completion-gaps').locator(':scope > *')).toHaveCount(
      Math.min(100, total - 100),
    );
    await snap(page, 'issue19-completion-picked');
  });

  test('the classification opens on the term that ended last, counts its final marks and leaves 1st classes out of N', async ({
    page,
  }) => {
    const ended = reportPeriod(await schoolTerms(page.request), today());
    test.skip(!ended?.closed, 'на часах школы ещё ни одна четверть не закрыта');
    await new LoginPage(page).signIn('zavuch');
    await page.goto('/reports/classification');
    await expect(page.getByTestId('report-basis')).toContainText(`${ended!.name} · по итоговым оценкам`);
    const first = page.getByTestId('classification-class').filter({ hasText: /^1А/ }).first();
    await expect(first).toContainText('без отметок');
    await expect(page.getByTestId('classification-school')).not.toContainText('без отметок');
  });

  test('the classification of the term under way counts current marks up to today', async ({ page }) => {
    const current = (await schoolTerms(page.request)).find(
      (term) => !term.closed && term.start_date <= today() && today() <= term.end_date,
    );
    test.skip(!current, 'на часах школы каникулы: ни одна четверть не идёт');
    await new LoginPage(page).signIn('zavuch');
    await page.goto('/reports/classification');
    await expect(page.getByTestId('report-basis')).toBeVisible();
    await page.getByTestId('report-period').click();
    await page
      .getByRole('option', { name: new RegExp(`^${current!.name} 2026/2027`) })
      .first()
      .click();
    await expect(page.getByTestId('report-basis')).toContainText(`по текущим оценкам на ${ddmmyy(today())}`);
    // Mid-term the figures are there, not «без итоговых оценок» for everyone.
    const school = page.getByTestId('classification-school');
    await expect(school).toBeVisible();
    await expect(school.locator('td').nth(1)).not.toHaveText('—');
  });
});

/** Whether any word of the lesson topics under the dates is split over two lines. */
function brokenWords(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll('[data-testid="lesson-topic"]')) {
      const text = element.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test.describe('journal rules', () => {
  test('a future lesson’s cell refuses a mark; «Средний» and «Итог» are in view; topics break between words', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const journal = new JournalPage(page);
    await new LoginPage(page).signIn('teacher');
    await journal.openOwn(/^5А · Математика/);
    // In the holidays the journal opens on the term just ended, all of it given: the next one has the lessons to come.
    const token = await apiLogin(page.request, 'teacher');
    const grid = await apiGrid(page.request, token, page.url());
    if (!grid.lessons.some((lesson) => lesson.date > grid.today)) {
      const next = grid.periods.find((period) => period.kind !== 'year' && period.start_date > grid.today);
      expect(next, 'a term after the school’s today').toBeTruthy();
      await journal.choosePeriod(next!.name);
    }

    const future = page.locator('[data-testid="lesson-header"][data-future]').first();
    await expect(future).toBeVisible();
    const col = Number(await future.getAttribute('data-col'));
    await future.scrollIntoViewIfNeeded();
    await journal.select(0, col);
    await expect(journal.cell(0, col)).toHaveAttribute('aria-readonly', 'true');
    await page.keyboard.press('5');
    await expect(journal.hint).toContainText('Урок ещё не прошёл');
    await expect(journal.cell(0, col)).toHaveText('');
    await snap(page, 'issue19-journal-future-refused');

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 850 });
      await journal.select(0, 0);
      await expect(journal.average(0)).toBeInViewport({ ratio: 1 });
      await expect(journal.grid.getByTestId('final-proposal').first()).toBeInViewport({ ratio: 1 });
      expect(await brokenWords(page)).toEqual([]);
    }
  });

  test('«Посещаемость» opens on the current term', async ({ page }) => {
    await new LoginPage(page).signIn('teacher');
    await page.goto('/journal/attendance');
    await expect(page.getByTestId('attendance-period')).toHaveValue(/^II четверть/);
    await expect(page.getByTestId('attendance-table')).toBeVisible();
  });
});

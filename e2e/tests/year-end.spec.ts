import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppLayout } from '../pages/app-layout.page';
import { ArchivePage } from '../pages/archive.page';
import { LoginPage } from '../pages/login.page';
import { screenshotPath, snap } from '../support/screenshots';
import { expect, test } from '../support/test';

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 850 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

/**
 * The year's end as the director walks it (issue 40): «Архив года» builds the journals of the demo's
 * closed I четверть (the demo's year is not over; a closed term takes the year's code path) while the
 * progress bar moves, one journal is downloaded and its first page rendered; then «Новый учебный год»
 * shows what the change would do. The change itself is not run here: every spec of this worker shares
 * the seeded school (server/src/modules/year-change/year-change.test.ts runs it on its own database).
 */
test.describe('the year’s end', () => {
  test('director builds the archive of a closed term, downloads a journal and previews the new year', async ({
    page,
  }, testInfo) => {
    test.setTimeout(600_000);
    await new LoginPage(page).signIn('director');
    const layout = new AppLayout(page);
    await layout.ready();
    await layout.openMenuItem('Архив года');
    const archive = new ArchivePage(page);
    await expect(archive.period).toBeVisible();
    await archive.choosePeriod('I четверть');

    await archive.build.click();
    await expect(archive.progress).toContainText(/(В очереди|Формируется): классов \d+ из \d+/);
    await snap(page, 'archive-building');
    await expect(archive.progress).toContainText(/Готов: классов (\d+) из \1/, { timeout: 360_000 });
    await expect(archive.fileRow(/Классный журнал 5А/)).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      archive
        .fileRow(/Классный журнал 5А/)
        .getByRole('button', { name: 'Скачать' })
        .click(),
    ]);
    const workDir = mkdtempSync(path.join(tmpdir(), 'parta-year-end-'));
    try {
      const pdf = path.join(workDir, download.suggestedFilename() || 'journal.pdf');
      await download.saveAs(pdf);
      expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-l', '1', pdf, '-'], { encoding: 'utf8' });
      expect(text).toContain('Классный журнал 5А');
      // The title page and the first page of marks, as an archivist would look at them.
      for (const pageNumber of [1, 2]) {
        const prefix = path.join(workDir, `page-${pageNumber}`);
        const at = String(pageNumber);
        execFileSync('pdftoppm', ['-png', '-r', '80', '-f', at, '-l', at, '-singlefile', pdf, prefix]);
        const png = readFileSync(`${prefix}.png`);
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        await testInfo.attach(`journal-5А-page-${pageNumber}`, { body: png, contentType: 'image/png' });
        writeFileSync(screenshotPath(`archive-journal-5А-page-${pageNumber}`), png);
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }

    await archive.openYearChange();
    const dialog = archive.yearChange;
    await expect(dialog).toContainText('2026/2027');
    await expect(dialog).toContainText('2027/2028');
    const classRows = dialog.getByTestId('year-change-classes').getByRole('row');
    await expect(classRows.filter({ hasText: /^5А/ }).getByTestId('year-change-to')).toHaveText('6А');
    await expect(classRows.filter({ hasText: /^11А/ }).getByTestId('year-change-to')).toHaveText('выпуск');
    await expect(dialog.getByTestId('year-change-graduates')).not.toContainText(/^0/);
    await expect(dialog.getByTestId('year-change-periods')).toContainText('проверьте даты');
    await expect(dialog.getByRole('checkbox', { name: /^Шаблоны расписания \(\d+\)$/ })).toBeChecked();
    await expect(dialog.getByTestId('year-change-first-grades')).toContainText('Не выбраны');
    // Not undone: the run waits for «Понимаю…».
    const run = dialog.getByRole('button', { name: 'Закрыть 2026/2027 и начать 2027/2028' });
    await expect(run).toBeDisabled();
    await dialog.getByRole('checkbox', { name: /^Понимаю/ }).check();
    await expect(run).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const theme of THEMES) {
        await new AppLayout(page).setTheme(theme);
        await expect(archive.register).toBeVisible();
        await page.mouse.move(0, viewport.height - 1);
        await expect(page.getByRole('tooltip')).toHaveCount(0);
        await snap(page, `archive-${viewport.name}-${theme}`, { fullPage: true });
        await archive.openYearChange();
        await snap(page, `year-change-${viewport.name}-${theme}`);
        // The new first grades are the завуч's choice: 1А picked, the rest left.
        const firstGrades = archive.yearChange.getByTestId('year-change-first-grades');
        await firstGrades.locator('label', { hasText: /^1А$/ }).click();
        await expect(firstGrades).toContainText('Откроются: 1А.');
        const run = archive.yearChange.getByRole('button', { name: /^Закрыть .* и начать / });
        await run.scrollIntoViewIfNeeded();
        await snap(page, `year-change-end-${viewport.name}-${theme}`);
        await page.keyboard.press('Escape');
        await expect(archive.yearChange).toBeHidden();
      }
    }
  });
});

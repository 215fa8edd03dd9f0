import { expect, type Locator, type Page } from '@playwright/test';

/** journal/{group_id}/{load_id}: the grid of one load. */
export class JournalPage {
  readonly grid: Locator;
  readonly hint: Locator;
  readonly conflicts: Locator;
  readonly offlineBanner: Locator;
  readonly saveSummary: Locator;
  /** The pupils' name cells, one per row. */
  readonly pupilNames: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByRole('grid');
    this.hint = page.getByTestId('journal-hint');
    this.conflicts = page.getByTestId('journal-conflicts');
    this.offlineBanner = page.getByTestId('offline-banner');
    this.saveSummary = page.getByTestId('save-summary');
    this.pupilNames = this.grid.getByTestId('pupil-name');
  }

  /**
   * Expects a lesson's column to be on screen, between the sticky names on the left and «Средний»
   * on the right, within the window (scrolled there by the journal, not by the test).
   */
  async expectColumnInView(col: number) {
    const header = this.lessonHeader(col);
    await expect(header).toBeVisible();
    const viewport = this.page.viewportSize()!;
    await expect
      .poll(async () => {
        const [box, names, average] = await Promise.all([
          header.boundingBox(),
          this.grid.getByRole('columnheader', { name: 'Ученик' }).boundingBox(),
          this.grid.getByRole('columnheader', { name: 'Средний' }).boundingBox(),
        ]);
        if (!box || !names || !average) return 'not drawn';
        const problems = [
          box.x < names.x + names.width - 2 ? 'under the names' : '',
          box.x + box.width > average.x + 2 ? 'right of «Средний»' : '',
          box.x < 0 || box.x + box.width > viewport.width ? 'outside the window' : '',
          box.y < 0 || box.y + box.height > viewport.height ? 'below the window' : '',
        ].filter(Boolean);
        return problems.join(', ') || 'in view';
      })
      .toBe('in view');
  }

  cell(row: number, col: number): Locator {
    return this.grid.locator(`[role="gridcell"][data-row="${row}"][data-col="${col}"]`);
  }

  /** The column header of a lesson: its date and, under it, the lesson's topic. */
  lessonHeader(col: number): Locator {
    return this.grid.locator(`[data-testid="lesson-header"][data-col="${col}"]`);
  }

  /** Opens the journal of one class and subject from the journal index (the teacher's own links). */
  async openOwn(label: string | RegExp) {
    await this.page.goto('/journal');
    await this.page.getByRole('link', { name: label }).first().click();
    await this.ready();
  }

  /** Switches the grid to another period (I четверть, …). */
  async choosePeriod(name: string) {
    await this.page.getByRole('radiogroup', { name: 'Период' }).getByText(name, { exact: true }).click();
    await expect(this.page).toHaveURL(/period=\d+/);
    await this.ready();
  }

  /** «Итог» of the pupils whose final mark is only proposed (read «4?», not a plain «4»). */
  get proposedFinals(): Locator {
    return this.grid.locator('[data-testid="final-proposal"][data-state="proposed"]');
  }

  /** The pupil's full name of the row a cell is in (the row header reads «3. Фамилия Имя Отчество»). */
  async pupilOf(cell: Locator): Promise<string> {
    // The row header holds the full name and the phone's short one; its title is the full name alone.
    const header = await cell.locator('xpath=ancestor::tr[1]/th').getAttribute('title');
    return (header ?? '').trim();
  }

  /** Итоговые оценки: the mark a pupil × subject select shows (its chosen option: «4», «4?» or «—»). */
  async finalOnFinalMarks(pupil: string, subject: string): Promise<Locator> {
    return this.page
      .getByTestId('final-table')
      .getByRole('combobox', { name: `${pupil}, ${subject}`, exact: true })
      .locator('option:checked');
  }

  /** Opens Итоговые оценки at one class and period. */
  async openFinalMarks(group: string, period: string) {
    await this.page.goto('/journal/final');
    await expect(this.page.getByRole('heading', { name: 'Итоговые оценки' })).toBeVisible();
    const picker = this.page.getByRole('combobox', { name: 'Класс' });
    // The teacher's own first class is already chosen: reopening the long list is only slow.
    if ((await picker.inputValue()) !== group) {
      await picker.click();
      await this.page.getByRole('option', { name: group, exact: true }).click();
    }
    await this.page.getByRole('combobox', { name: 'Период' }).click();
    await this.page.getByRole('option', { name: period, exact: true }).click();
    await expect(this.page.getByTestId('final-table')).toBeVisible();
  }

  average(row: number): Locator {
    return this.grid.getByTestId('average').nth(row);
  }

  async ready() {
    await expect(this.grid).toBeVisible();
    await expect(this.cell(0, 0)).toBeVisible();
  }

  /** Puts the cursor on a cell. */
  async select(row: number, col: number) {
    await this.cell(row, col).click();
    await expect(this.cell(row, col)).toHaveAttribute('aria-selected', 'true');
  }

  /**
   * Types a cell's text and commits with Enter, keyboard only. A digit starts editing by itself;
   * Playwright's keyboard has no Cyrillic keys, so н/б go in through F2 (edit) and typed text.
   */
  async type(text: string) {
    if (/^[1-5]/.test(text)) {
      for (const key of text) await this.page.keyboard.press(key);
    } else {
      await this.page.keyboard.press('F2');
      await this.page.keyboard.type(text);
    }
    await this.page.keyboard.press('Enter');
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** /journal/archive: «Архив года» and its «Новый учебный год» dialog. */
export class ArchivePage {
  readonly period: Locator;
  readonly build: Locator;
  readonly progress: Locator;
  readonly register: Locator;
  readonly yearChangeButton: Locator;
  readonly yearChange: Locator;

  constructor(readonly page: Page) {
    this.period = page.getByTestId('archive-period');
    this.build = page.getByRole('button', { name: 'Сформировать архив' });
    this.progress = page.getByTestId('archive-build');
    this.register = page.getByTestId('archive-register');
    this.yearChangeButton = page.getByRole('button', { name: 'Новый учебный год' });
    this.yearChange = page.getByRole('dialog', { name: 'Новый учебный год' });
  }

  async goto() {
    await this.page.goto('/journal/archive');
    await expect(this.period).toBeVisible();
  }

  async choosePeriod(name: string) {
    await this.period.click();
    await this.page.getByRole('option', { name }).first().click();
    await expect(this.period).toHaveValue(new RegExp(name));
  }

  /** The register's row of a class journal, by its title («Классный журнал 5А, …»). */
  fileRow(title: RegExp) {
    return this.register.getByRole('row').filter({ hasText: title }).first();
  }

  /** Opens «Новый учебный год» and waits for its preview, the dialog's opening transition done. */
  async openYearChange() {
    await this.yearChangeButton.click();
    await expect(this.yearChange.getByTestId('year-change-classes')).toBeVisible();
    await expect(this.yearChange).toHaveCSS('opacity', '1');
  }
}

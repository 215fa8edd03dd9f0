import { type Download, expect, type Locator, type Page } from '@playwright/test';

/** /reports and its three pages. */
export class ReportsPage {
  readonly classFilter: Locator;

  constructor(readonly page: Page) {
    this.classFilter = page.getByTestId('report-class');
  }

  async open(title: string) {
    await this.page.goto('/reports');
    await this.page.getByRole('link', { name: new RegExp(title) }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  async filterClass(name: string) {
    await this.classFilter.click();
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  async download(): Promise<Download> {
    const waiting = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Скачать .xlsx' }).click();
    return waiting;
  }
}

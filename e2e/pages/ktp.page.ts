import { expect, type Locator, type Page } from '@playwright/test';

/** /ktp and /ktp/{id} */
export class KtpPage {
  readonly plans: Locator;
  readonly items: Locator;
  readonly importDialog: Locator;
  readonly applyDialog: Locator;

  constructor(readonly page: Page) {
    this.plans = page.getByTestId('ktp-plans');
    this.items = page.getByTestId('ktp-item');
    this.importDialog = page.getByRole('dialog', { name: 'Импорт КТП из Excel' });
    this.applyDialog = page.getByRole('dialog', { name: 'Применить КТП к урокам' });
  }

  async openPlan(name: string) {
    await this.page.goto('/ktp');
    await this.plans.getByRole('link', { name }).click();
    await expect(this.page.getByRole('heading', { level: 2, name })).toBeVisible();
  }

  /** Chooses the file; the dialog checks it at once (dry run) and lists the rows. */
  async chooseImportFile(file: { name: string; buffer: Buffer }) {
    await this.page.getByRole('button', { name: 'Импорт из Excel' }).click();
    await expect(this.importDialog).toBeVisible();
    await this.importDialog.locator('input[type="file"]').setInputFiles({
      name: file.name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file.buffer,
    });
  }

  async apply(overwrite: boolean) {
    await this.page.getByRole('button', { name: 'Применить к урокам' }).click();
    await expect(this.applyDialog).toBeVisible();
    if (overwrite) await this.applyDialog.getByLabel('Заменить и темы, введённые учителем вручную').check();
    await this.applyDialog.getByRole('button', { name: 'Применить' }).click();
    await expect(this.applyDialog.getByTestId('ktp-apply-result')).toBeVisible();
  }
}

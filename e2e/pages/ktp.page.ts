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
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  /** «Новый план» from the list; `choose` picks the class or parallel in the open select's listbox. */
  async createPlan(choose: (listbox: Locator) => Promise<string>): Promise<string> {
    await this.page.goto('/ktp');
    await this.page.getByRole('button', { name: 'Новый план' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Новый план КТП' });
    await dialog.getByRole('combobox', { name: 'Класс и предмет' }).click();
    const chosen = await choose(this.page.getByRole('listbox'));
    await expect(dialog.getByRole('textbox', { name: 'Название' })).not.toHaveValue('');
    const name = await dialog.getByRole('textbox', { name: 'Название' }).inputValue();
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(this.page).toHaveURL(/\/ktp\/\d+$/);
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
    return chosen;
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

import { expect, type Locator, type Page } from '@playwright/test';

/** Реестр организаций (/organizations) and an organization's card with its balance. */
export class RegistryPage {
  readonly rows: Locator;
  readonly balanceForm: Locator;
  readonly cardBalance: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('organization-row');
    this.balanceForm = page.getByRole('form', { name: 'Операция с балансом' });
    this.cardBalance = page.getByTestId('card-balance');
  }

  async goto() {
    await this.page.goto('/organizations');
    await expect(this.page.getByRole('heading', { name: 'Реестр организаций' })).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  async openCard(shortName: string) {
    await this.page.getByRole('link', { name: shortName, exact: true }).first().click();
    await expect(this.page.getByRole('heading', { name: shortName, exact: true })).toBeVisible();
  }

  /** Runs one balance operation from the card: «Пополнение», «Списание», … */
  async operate(operation: string, amount: string, comment: string) {
    await this.balanceForm.getByText(operation, { exact: true }).click();
    await this.balanceForm.getByLabel('Сумма, ₽').fill(amount);
    await this.balanceForm.getByLabel('Комментарий').fill(comment);
    await this.balanceForm.getByRole('button', { name: 'Провести' }).click();
  }
}

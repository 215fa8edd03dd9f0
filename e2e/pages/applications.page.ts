import { expect, type Locator, type Page } from '@playwright/test';

/** Заявки (/applications) and an application's card (/applications/{id}). */
export class ApplicationsPage {
  readonly rows: Locator;
  readonly approveDialog: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('application-row');
    this.approveDialog = page.getByRole('dialog', { name: /Одобрить заявку/ });
  }

  async openCard(id: number) {
    await this.page.goto(`/applications/${id}`);
    await expect(this.page.getByText(`Заявка №${id} от`)).toBeVisible();
  }

  /** Approves with the director's name and answers the login and password shown once. */
  async approve(director: { surname: string; name: string; patronymic: string }) {
    await this.page.getByRole('button', { name: 'Одобрить', exact: true }).click();
    await expect(this.approveDialog).toBeVisible();
    await this.approveDialog.getByLabel('Фамилия').fill(director.surname);
    await this.approveDialog.getByLabel('Имя').fill(director.name);
    await this.approveDialog.getByLabel('Отчество').fill(director.patronymic);
    await this.approveDialog.getByRole('button', { name: 'Одобрить и создать организацию' }).click();
    const login = (await this.approveDialog.getByTestId('director-login').textContent())?.trim() ?? '';
    const password = (await this.approveDialog.getByTestId('director-password').textContent())?.trim() ?? '';
    return { login, password };
  }
}

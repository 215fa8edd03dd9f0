import { expect, type Locator, type Page } from '@playwright/test';

/** Сотрудники (/users): search, organization filter, server-paged table. */
export class StaffListPage {
  readonly search: Locator;
  readonly organization: Locator;
  readonly rows: Locator;
  readonly pagerRange: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByLabel('Поиск');
    this.organization = page.getByRole('combobox', { name: 'Организация' });
    this.rows = page.getByTestId('staff-row');
    this.pagerRange = page.getByTestId('pager-range');
  }

  async goto() {
    await this.page.goto('/users');
    await expect(this.page.getByRole('heading', { name: 'Сотрудники' })).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  async searchFor(text: string) {
    await this.search.fill(text);
    await expect(this.page).toHaveURL(text ? /search=/ : /\/users(\?(?!.*search=).*)?$/);
  }

  async filterByOrganization(name: string | null) {
    if (name === null) {
      await this.organization.hover();
      await this.page
        .getByRole('button', { name: /очистить|clear/i })
        .first()
        .click();
      return;
    }
    await this.organization.click();
    await this.page.getByRole('option', { name }).click();
    await expect(this.page).toHaveURL(/organization_id=/);
  }

  async goToPage(page: number) {
    await this.page.getByRole('button', { name: String(page), exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`page=${page}`));
  }

  row(name: string | RegExp): Locator {
    return this.rows.filter({ hasText: name });
  }

  async openUser(fullName: string) {
    await this.row(fullName).getByRole('link', { name: fullName }).click();
    await expect(this.page.getByRole('heading', { name: fullName })).toBeVisible();
  }
}

/** Карточка сотрудника (/users/{id}/edit). */
export class StaffCardPage {
  readonly save: Locator;
  readonly newPassword: Locator;

  constructor(readonly page: Page) {
    this.save = page.getByRole('button', { name: 'Сохранить' });
    this.newPassword = page.getByTestId('new-password');
  }

  role(name: string): Locator {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  async saveChanges() {
    await this.save.click();
    await expect(this.page.getByText('Изменения сохранены')).toBeVisible();
  }

  /** «Сбросить пароль», confirmed; answers the password shown once. */
  async resetPassword(): Promise<string> {
    await this.page.getByRole('button', { name: 'Сбросить пароль' }).click();
    await this.page.getByRole('button', { name: 'Да, сбросить' }).click();
    await expect(this.newPassword).toBeVisible();
    return ((await this.newPassword.textContent()) ?? '').trim();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** /profile: own data and «Смена пароля». */
export class ProfilePage {
  readonly data: Locator;
  readonly passwordForm: Locator;
  readonly currentPassword: Locator;
  readonly newPassword: Locator;
  readonly repeatPassword: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.data = page.getByTestId('profile-data');
    this.passwordForm = page.getByTestId('change-password');
    this.currentPassword = this.passwordForm.getByLabel('Текущий пароль');
    this.newPassword = this.passwordForm.getByLabel(/^Новый пароль/);
    this.repeatPassword = this.passwordForm.getByLabel('Повторите новый пароль');
    this.submit = this.passwordForm.getByRole('button', { name: 'Сменить пароль' });
  }

  async goto() {
    await this.page.goto('/profile');
    await expect(this.submit).toBeVisible();
  }

  async changePassword(current: string, next: string, repeat = next) {
    await this.currentPassword.fill(current);
    await this.newPassword.fill(next);
    await this.repeatPassword.fill(repeat);
    await this.submit.click();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/demo';

/** /login */
export class LoginPage {
  readonly loginInput: Locator;
  readonly passwordInput: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.loginInput = page.getByLabel('Логин');
    this.passwordInput = page.getByLabel('Пароль', { exact: true });
    this.submit = page.getByRole('button', { name: 'Войти' });
    this.error = page.getByTestId('login-error');
  }

  async goto() {
    await this.page.goto('/login');
    await expect(this.submit).toBeVisible();
  }

  /** Fills the form and submits; does not wait for the next page. */
  async submitCredentials(login: string, password = DEMO_PASSWORD) {
    await this.loginInput.fill(login);
    await this.passwordInput.fill(password);
    await this.submit.click();
  }

  /** Signs in from /login and waits until the login page is left. */
  async signIn(login: string, password = DEMO_PASSWORD) {
    await this.goto();
    await this.submitCredentials(login, password);
    await expect(this.page).not.toHaveURL(/\/login/);
  }

  /**
   * Signs in with a one-time password (a new account or a reset): the only screen is «Смените пароль»,
   * where the new password is given (the one-time one, just typed, is not asked again); answers once
   * the layout has opened.
   */
  async signInWithOneTimePassword(login: string, oneTimePassword: string, newPassword = 'своё-2026-пароль') {
    await this.signIn(login, oneTimePassword);
    const screen = this.page.getByTestId('password-change-page');
    await expect(screen).toBeVisible();
    await expect(screen.getByRole('heading', { level: 1, name: 'Смените пароль' })).toBeVisible();
    await expect(screen.getByLabel('Одноразовый пароль')).toHaveCount(0);
    await screen.getByLabel(/^Новый пароль/).fill(newPassword);
    await screen.getByLabel('Повторите новый пароль').fill(newPassword);
    await screen.getByRole('button', { name: 'Сменить пароль' }).click();
    await expect(screen).toHaveCount(0);
    await expect(this.page.getByTestId('sidebar')).toBeVisible();
  }
}

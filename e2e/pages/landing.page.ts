import { expect, type Locator, type Page } from '@playwright/test';

export interface ApplicationFields {
  organization: string;
  inn: string;
  region: string;
  contact: string;
  email: string;
  phone: string;
  comment?: string;
}

/** The public landing page (empty path) with the «Подключить школу» form. */
export class LandingPage {
  readonly form: Locator;
  readonly confirmation: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Заявка на подключение школы' });
    this.confirmation = page.getByTestId('application-confirmation');
  }

  async goto() {
    await this.page.goto('/');
    await expect(this.form).toBeVisible();
  }

  async fill(fields: ApplicationFields) {
    await this.form.getByLabel('Название организации').fill(fields.organization);
    await this.form.getByLabel('ИНН').fill(fields.inn);
    await this.form.getByLabel('Регион').fill(fields.region);
    await this.form.getByLabel('ФИО контактного лица').fill(fields.contact);
    await this.form.getByLabel('E-mail').fill(fields.email);
    await this.form.getByLabel('Телефон').fill(fields.phone);
    if (fields.comment) await this.form.getByLabel('Комментарий').fill(fields.comment);
  }

  async consent() {
    await this.form.getByLabel('Согласен на обработку персональных данных').check();
  }

  async submit() {
    await this.form.getByRole('button', { name: 'Отправить заявку' }).click();
  }

  /** The application number from the confirmation («Заявка №12 принята…»). */
  async submittedNumber(): Promise<number> {
    await expect(this.confirmation).toBeVisible();
    const match = /Заявка №(\d+)/.exec((await this.confirmation.textContent()) ?? '');
    if (!match) throw new Error('no application number in the confirmation');
    return Number(match[1]);
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** Ученики (/student): class filter, search, paging, import and export. */
export class StudentsPage {
  readonly rows: Locator;
  readonly classFilter: Locator;
  readonly pagerRange: Locator;
  readonly importDialog: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('student-row');
    this.classFilter = page.getByRole('combobox', { name: 'Класс' });
    this.pagerRange = page.getByTestId('pager-range');
    this.importDialog = page.getByRole('dialog', { name: 'Импорт учеников из Excel' });
  }

  async goto() {
    await this.page.goto('/student');
    await expect(this.page.getByRole('heading', { name: 'Ученики' })).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  async filterByClass(name: string) {
    await this.classFilter.click();
    await this.page
      .getByRole('option', { name: new RegExp(`^${name}( ·|$)`) })
      .first()
      .click();
    await expect(this.page).toHaveURL(/group_id=/);
  }

  /** Opens the import, chooses the file and waits for the checked preview. */
  async previewImport(file: { name: string; buffer: Buffer }) {
    await this.page.getByRole('button', { name: 'Импорт из Excel' }).click();
    await expect(this.importDialog).toBeVisible();
    await this.importDialog.locator('input[type="file"]').setInputFiles({
      name: file.name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file.buffer,
    });
    await expect(this.importRows.first()).toBeVisible();
  }

  get importRows(): Locator {
    return this.importDialog.getByTestId('import-row');
  }

  get invalidImportRows(): Locator {
    return this.importDialog.locator('[data-testid="import-row"][data-invalid]');
  }

  async commitImport() {
    await this.importDialog.getByRole('button', { name: /^Загрузить \d+/ }).click();
    await expect(this.importDialog.getByTestId('import-done')).toBeVisible();
  }

  async closeImport() {
    await this.importDialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(this.importDialog).toBeHidden();
  }
}

/** Карточка ученика (/student/{id}). */
export class StudentCardPage {
  readonly parents: Locator;
  readonly parentDialog: Locator;

  constructor(readonly page: Page) {
    this.parents = page.getByTestId('parents-panel');
    this.parentDialog = page.getByRole('dialog', { name: 'Добавить родителя' });
  }

  /** «Добавить родителя» → a new parent; answers the login and password the dialog shows once. */
  async addNewParent(person: { surname: string; name: string; phone: string }) {
    await this.parents.getByRole('button', { name: 'Добавить родителя' }).click();
    await this.parentDialog.getByLabel('Фамилия').fill(person.surname);
    await this.parentDialog.getByLabel('Имя').fill(person.name);
    await this.parentDialog.getByLabel('Телефон').fill(person.phone);
    await this.parentDialog.getByRole('button', { name: 'Добавить', exact: true }).click();
    const created = this.parentDialog.getByTestId('parent-created');
    await expect(created).toBeVisible();
    const [login, password] = await created.locator('code').allTextContents();
    await this.parentDialog.getByRole('button', { name: 'Готово' }).click();
    await expect(this.parentDialog).toBeHidden();
    return { login, password };
  }

  /** «Добавить родителя» → «Уже есть в школе»: finds the parent by `search` and links them. */
  async linkExistingParent(search: string, name: string) {
    await this.parents.getByRole('button', { name: 'Добавить родителя' }).click();
    await this.parentDialog.getByText('Уже есть в школе').click();
    await this.parentDialog.getByRole('combobox', { name: 'Родитель' }).fill(search);
    await this.page.getByRole('option', { name: new RegExp(name) }).click();
    await this.parentDialog.getByRole('button', { name: 'Привязать' }).click();
    await expect(this.parentDialog).toBeHidden();
  }

  async detachParent(name: string) {
    await this.parents.getByRole('button', { name: `Отвязать: ${name}` }).click();
    await this.parents.getByRole('button', { name: 'Отвязать', exact: true }).click();
    await expect(this.parents).not.toContainText(name);
  }

  /** «Создать вход в дневник»; answers the created login and password as the card shows them once. */
  async createDiaryLogin(): Promise<{ login: string; password: string }> {
    await this.page.getByRole('button', { name: 'Создать вход в дневник' }).click();
    const created = this.page.getByTestId('diary-login-created');
    await expect(created).toBeVisible();
    const [login, password] = await created.locator('code').allTextContents();
    return { login, password };
  }
}

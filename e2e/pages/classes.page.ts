import { expect, type Locator, type Page } from '@playwright/test';

/** Классы (/class) and the class card (/class/{id}/edit). */
export class ClassesPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('class-row');
  }

  async goto() {
    await this.page.goto('/class');
    await expect(this.page.getByRole('heading', { name: 'Классы' })).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  /** Creates a class through the dialog; answers the manager's full name chosen (the first teacher). */
  async create(number: number, letter: string): Promise<string> {
    await this.page.getByRole('button', { name: 'Добавить класс' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Новый класс' });
    await dialog.getByRole('combobox', { name: 'Номер' }).click();
    await this.page.getByRole('option', { name: String(number), exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Буква' }).fill(letter);
    await dialog.getByRole('combobox', { name: 'Классный руководитель' }).click();
    const manager = this.page.getByRole('option').first();
    const managerName = ((await manager.textContent()) ?? '').trim();
    await manager.click();
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(this.page.getByRole('heading', { name: `${number}${letter} класс` })).toBeVisible();
    return managerName;
  }
}

export class ClassCardPage {
  readonly manager: Locator;
  readonly students: Locator;

  constructor(readonly page: Page) {
    this.manager = page.getByRole('combobox', { name: 'Классный руководитель' });
    this.students = page.getByTestId('class-student');
  }

  /** Tries to delete the class; answers the refusal text if the server refused. */
  async tryDelete(): Promise<string> {
    await this.page.getByRole('button', { name: 'Удалить класс' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
    const refusal = dialog.getByTestId('delete-refused');
    await expect(refusal).toBeVisible();
    const text = ((await refusal.textContent()) ?? '').trim();
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    return text;
  }
}

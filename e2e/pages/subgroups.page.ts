import { expect, type Locator, type Page } from '@playwright/test';

/** Подгруппы (/student/subgroups): two lists per class and subject. */
export class SubgroupsPage {
  constructor(readonly page: Page) {}

  async goto(groupId: number) {
    await this.page.goto(`/student/subgroups?group_id=${groupId}`);
    await expect(this.page.getByRole('heading', { name: 'Подгруппы' })).toBeVisible();
  }

  async chooseSubject(name: string) {
    const subject = this.page.getByRole('combobox', { name: 'Предмет' });
    await expect(subject).toBeEnabled();
    if (!(await subject.inputValue()).startsWith(name)) {
      await subject.click();
      await this.page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    }
    await expect(this.list(1)).toBeVisible();
  }

  /** Subgroup 1 or 2. */
  list(index: 1 | 2): Locator {
    return this.page.getByTestId(`subgroup-${index}`);
  }

  members(index: 1 | 2): Locator {
    return this.list(index).getByRole('checkbox');
  }

  async move(studentName: string, from: 1 | 2) {
    await this.list(from).getByRole('checkbox', { name: studentName }).check();
    await this.page.getByRole('button', { name: `Перенести в подгруппу ${from === 1 ? 2 : 1}` }).click();
  }

  async save() {
    await this.page.getByRole('button', { name: 'Сохранить подгруппы' }).click();
    await expect(this.page.getByText('Подгруппы сохранены')).toBeVisible();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** /diary */
export class DiaryPage {
  readonly days: Locator;
  readonly lessons: Locator;
  readonly child: Locator;

  constructor(readonly page: Page) {
    this.days = page.getByTestId('diary-day');
    this.lessons = page.getByTestId('diary-lesson');
    this.child = page.getByTestId('diary-child');
  }

  async openWeek(week: string) {
    await this.page.goto(`/diary?week=${week}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Дневник' })).toBeVisible();
    await expect(this.days.first()).toBeVisible();
  }

  day(date: string): Locator {
    return this.page.locator(`[data-testid="diary-day"][data-date="${date}"]`);
  }
}

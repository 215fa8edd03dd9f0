import { expect, type Locator, type Page } from '@playwright/test';
import { AppLayout } from './app-layout.page';

/** /dashboard: the school's numbers, «Уроки сегодня» and the marks of the week. */
export class DashboardPage {
  readonly todayLessons: Locator;
  /** Lessons of «Уроки сегодня» that open their journal (a teacher's). */
  readonly lessonLinks: Locator;

  constructor(readonly page: Page) {
    this.todayLessons = page.getByTestId('today-lessons');
    this.lessonLinks = this.todayLessons.locator('a[data-testid="today-lesson"]');
  }

  async open() {
    await this.page.goto('/dashboard');
    await new AppLayout(this.page).ready();
    await expect(this.todayLessons).toBeVisible();
  }
}

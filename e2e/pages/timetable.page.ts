import { expect, type Locator, type Page } from '@playwright/test';

/** Picks `option` in a Mantine Select (or MultiSelect) labelled `label` inside `scope`. */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Звонки: /bells and /bells/create. */
export class BellsPage {
  constructor(readonly page: Page) {}

  async create(name: string, lessons: number) {
    await this.page.goto('/bells/create');
    await expect(this.page.getByRole('heading', { name: 'Новое расписание звонков' })).toBeVisible();
    await this.page.getByRole('textbox', { name: 'Название' }).fill(name);
    for (let added = 1; added < lessons; added++) {
      await this.page.getByRole('button', { name: 'Добавить урок' }).click();
    }
    await expect(this.page.getByTestId('bell-lesson')).toHaveCount(lessons);
    await this.page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(this.page).toHaveURL(/\/bells$/);
    return this.page.getByTestId('bell-schedule').filter({ hasText: name });
  }
}

/** Учебные периоды: /periods, with its period and holiday dialogs. */
export class PeriodsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/periods');
    await expect(this.page.getByTestId('period-row').first()).toBeVisible();
  }

  /** A period for the default grades (1–9). */
  async addPeriod(name: string, start: string, end: string) {
    await this.page.getByRole('button', { name: 'Добавить период' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Учебный период' });
    await dialog.getByRole('textbox', { name: 'Название' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Начало' }).fill(start);
    await dialog.getByRole('textbox', { name: 'Конец' }).fill(end);
    await dialog.getByRole('textbox', { name: 'Название' }).click();
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toBeHidden();
  }

  async addHoliday(name: string, date: string) {
    await this.page.getByRole('button', { name: 'Добавить каникулы' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Каникулы' });
    await dialog.getByRole('textbox', { name: 'Название' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Начало' }).fill(date);
    await dialog.getByRole('textbox', { name: 'Название' }).click();
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Нагрузка: /load. */
export class LoadPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('load-row');
  }

  async open(className: string) {
    await this.page.goto('/load');
    await choose(this.page, this.page, 'Класс', className);
  }

  async addLine(subject: string, hours: number) {
    await this.page.getByRole('button', { name: 'Добавить строку' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Строка нагрузки' });
    await choose(this.page, dialog, 'Предмет', subject);
    await dialog.getByRole('combobox', { name: 'Учитель' }).click();
    await this.page.getByRole('option').first().click();
    await dialog.getByRole('textbox', { name: 'Часов в неделю' }).fill(String(hours));
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Расписание: /timetable, the template editor and the apply screen. */
export class TimetablePage {
  readonly refusal: Locator;

  constructor(readonly page: Page) {
    this.refusal = page.getByTestId('placement-error');
  }

  async createTemplate(name: string) {
    await this.page.goto('/timetable');
    await this.page.getByRole('button', { name: 'Новый шаблон' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Новый шаблон расписания' });
    await dialog.getByRole('textbox', { name: 'Название' }).fill(name);
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(this.page.getByRole('heading', { name })).toBeVisible();
  }

  /** Picks the load line and clicks the cell (weekday 1 = Monday). */
  async place(subject: string, weekday: number, lessonNumber: number) {
    const item = this.page.getByTestId('load-item').filter({ hasText: subject });
    // A second click on the picked line unpicks it.
    if ((await item.getAttribute('aria-pressed')) !== 'true') await item.click();
    await this.page.getByTestId(`cell-${weekday}-${lessonNumber}`).click();
  }

  cell(weekday: number, lessonNumber: number) {
    return this.page.getByTestId(`cell-${weekday}-${lessonNumber}`);
  }

  /**
   * From the editor: picks the period whose option matches `period`, waits for the preview of what
   * applying will do (handed to `beforeApply`), then confirms with «Применить».
   */
  async apply(
    period: RegExp | string,
    options: { timeout?: number; beforeApply?: (preview: Locator) => Promise<void> } = {},
  ) {
    await this.page.getByRole('link', { name: 'Применить к периоду' }).click();
    await this.page.getByRole('combobox', { name: 'Период' }).click();
    await this.page.getByRole('option', { name: period, exact: typeof period === 'string' }).click();
    const preview = this.page.getByTestId('apply-preview');
    await expect(preview).toBeVisible({ timeout: options.timeout });
    await options.beforeApply?.(preview);
    await this.page.getByRole('button', { name: 'Применить', exact: true }).click();
    const result = this.page.getByTestId('apply-result');
    await expect(result).toBeVisible({ timeout: options.timeout });
    return result;
  }

  /** Расписание → Неделя класса, at the week holding `date` (dd.mm.yy). */
  async classWeek(className: string, date: string) {
    await this.page.goto('/timetable');
    await choose(this.page, this.page, 'Класс', className);
    const week = this.page.getByRole('textbox', { name: 'Неделя с датой' });
    await week.fill(date);
    await week.press('Enter');
    await week.press('Escape');
    return this.page.getByTestId('week-lesson');
  }
}

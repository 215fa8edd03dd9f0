import path from 'node:path';
import { AppLayout } from '../pages/app-layout.page';
import { ApplicationsPage } from '../pages/applications.page';
import { LandingPage } from '../pages/landing.page';
import { LoginPage } from '../pages/login.page';
import { LoadPage } from '../pages/timetable.page';
import { ARTIFACTS_DIR, REPO_ROOT } from '../support/system';
import { expect, type Page, test } from '../support/test';

/**
 * A school moves in (issue 50): it applies, is approved, and its director imports a FET file, then the
 * same file again with one name mapped to «новый».
 */

const FET_FILE = path.join(REPO_ROOT, 'server/src/modules/imports/fixtures/small-school.fet');
const shot = (name: string) => path.join(ARTIFACTS_DIR, `${name}.png`);

const SCHOOL = {
  organization: 'МБОУ «Школа переезда» г. Истры',
  inn: '5024071232',
  region: 'Московская область',
  contact: 'Переездова Ольга Ивановна',
  email: 'pereezd@school.test',
  phone: '+7 495 555-07-07',
  comment: 'Переезжаем из FET',
};

async function previewFile(page: Page) {
  await page.getByTestId('import-file').click();
  // Mantine's FileInput opens the browser's chooser from a hidden input.
  await page.locator('input[type="file"]').setInputFiles(FET_FILE);
  await expect(page.getByTestId('import-status')).toHaveText('Предпросмотр');
  await expect(page.getByTestId('import-counts')).toContainText('Учителя');
}

test('a new school applies, is approved, its director imports a FET file, applies it and opens the load and the timetable', async ({
  page,
}) => {
  test.slow();
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.fill(SCHOOL);
  await landing.consent();
  await landing.submit();
  const number = await landing.submittedNumber();

  await new LoginPage(page).signIn('admin');
  const applications = new ApplicationsPage(page);
  await new AppLayout(page).openMenuItem('Заявки');
  await applications.openCard(number);
  const { login, password } = await applications.approve({
    surname: 'Переездова',
    name: 'Ольга',
    patronymic: 'Ивановна',
  });
  await page.keyboard.press('Escape');
  await new AppLayout(page).logout();
  await expect(page).toHaveURL(/\/login$/);

  await new LoginPage(page).signInWithOneTimePassword(login, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await new AppLayout(page).openMenuItem('Импорт');
  await expect(page).toHaveURL(/\/imports$/);
  await previewFile(page);
  // Every name of the file is new to this empty school.
  await expect(page.getByTestId('import-mappings')).toContainText('Иванова Анна Петровна');
  await expect(page.getByTestId('import-mappings').getByText('новый').first()).toBeVisible();
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('link', { name: 'Открыть нагрузку' }).click();
  await expect(page).toHaveURL(/\/load/);
  const load = new LoadPage(page);
  await load.open('5А');
  await expect(load.rows.filter({ hasText: 'Математика' })).toBeVisible();
  await expect(load.rows.filter({ hasText: 'Английский язык' })).toHaveCount(2);
  await new AppLayout(page).openMenuItem('Расписание');
  // The file's locked lessons are a template named as the file.
  await page.getByRole('tab', { name: 'Шаблоны' }).click();
  await expect(page.getByText('small-school').first()).toBeVisible();

  // The same file again: every name is the school's now; one is mapped to «новый» before applying.
  await page.goto('/imports');
  await previewFile(page);
  const ivanova = page.getByTestId('import-mapping').filter({ hasText: 'Иванова Анна Петровна' }).first();
  await expect(ivanova).toContainText('уже есть');
  await ivanova.getByRole('combobox', { name: 'Сопоставить «Иванова Анна Петровна»' }).click();
  await page.getByRole('option', { name: 'новый', exact: true }).click();
  await expect(ivanova).toContainText('выбрано');
  await expect(page.getByTestId('import-hours-by-class')).toContainText('5А');
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 60_000 });
  // What was applied is kept with the import: that name went to a new teacher.
  await expect(ivanova).toContainText('выбрано');

  // The import screen and its preview, light and dark, on a laptop and a phone.
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.evaluate((mode) => localStorage.setItem('parta_theme', JSON.stringify(mode)), theme);
      await page.goto('/imports');
      await page.screenshot({ path: shot(`imports-screen-${theme}-${width}`), fullPage: true });
      await previewFile(page);
      await page.screenshot({ path: shot(`imports-preview-${theme}-${width}`), fullPage: true });
    }
  }
});

import { LoginPage } from '../pages/login.page';
import { StudentsPage } from '../pages/students.page';
import { expect, test } from '../support/test';

/**
 * The server-state cache every screen reads through (shared/README.md): lists refetch when their
 * filter changes, reads survive a dropped connection, and a write made offline waits in the
 * shared query client and is sent when the connection returns — across the federation boundary,
 * since the page lives in remote-people and the client and its online state in the host.
 */
test.describe('query cache', () => {
  test.beforeEach(async ({ page }) => {
    await new LoginPage(page).signIn('director');
  });

  test('a list refetches when its filter changes', async ({ page }) => {
    const students = new StudentsPage(page);
    await students.goto();
    const filtered = page.waitForRequest(
      (request) => request.url().includes('/api/students?') && request.url().includes('group_id='),
    );
    await students.filterByClass('5А');
    const request = await filtered;
    const groupId = new URL(request.url()).searchParams.get('group_id');
    expect(groupId).toMatch(/^\d+$/);
    await expect(students.rows.first()).toContainText('5А');
    for (const row of await students.rows.all()) await expect(row).toContainText('5А');
  });

  test('a read that hits a network failure is retried and the list still appears', async ({ page }) => {
    let failures = 0;
    let attempts = 0;
    await page.route(/\/api\/students\?/, async (route) => {
      attempts += 1;
      if (failures === 0) {
        failures += 1;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await page.goto('/student');
    await expect(page.getByTestId('student-row').first()).toBeVisible();
    expect(failures).toBe(1);
    expect(attempts).toBeGreaterThanOrEqual(2);
    await expect(page.getByText('Не удалось загрузить учеников')).toHaveCount(0);
  });

  test('a save made offline waits and is sent when the connection returns', async ({ page, context }) => {
    const students = new StudentsPage(page);
    await students.goto();
    await students.rows.first().getByRole('link').first().click();
    const patronymic = page.getByLabel('Отчество');
    await expect(patronymic).toBeVisible();
    const changed = `Проверкович${Date.now() % 1000}`;
    await patronymic.fill(changed);

    await context.setOffline(true);
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/students/')) sent += 1;
    });
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForTimeout(1500);
    expect(sent).toBe(0);
    await expect(page.getByText('Изменения сохранены')).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    expect(sent).toBe(1);
    await page.reload();
    await expect(page.getByLabel('Отчество')).toHaveValue(changed);
  });
});

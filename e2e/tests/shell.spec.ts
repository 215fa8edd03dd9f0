import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin, apiMe, DEMO_ROLES, expectedMenu } from '../support/demo';
import { expect, test } from '../support/test';

test.describe('menu by role', () => {
  for (const login of Object.keys(DEMO_ROLES)) {
    test(`${login} sees exactly the menu its roles permit`, async ({ page, request }) => {
      // The seed gives the login the roles this test assumes.
      const me = await apiMe(request, await apiLogin(request, login));
      expect(me.roles.map((role) => role.code).sort()).toEqual([...DEMO_ROLES[login]].sort());

      await new LoginPage(page).signIn(login);
      const layout = new AppLayout(page);
      expect(await layout.menuLabels()).toEqual(expectedMenu(login));
      await expect(layout.footer).toHaveText('© 2026 Parta');
    });
  }
});

test('login sends the user back to the page they wanted', async ({ page }) => {
  await page.goto('/bells');
  await expect(page).toHaveURL(/\/login$/);
  const loginPage = new LoginPage(page);
  await loginPage.submitCredentials('zavuch');
  await expect(page).toHaveURL(/\/bells$/);
  await expect(page.getByRole('heading', { name: 'Расписание звонков' })).toBeVisible();
});

test('wrong password shows a Russian error', async ({ page }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.submitCredentials('teacher', 'не-тот-пароль');
  await expect(loginPage.error).toBeVisible();
  await expect(loginPage.error).toContainText(/[А-Яа-яЁё]/);
  await expect(page).toHaveURL(/\/login$/);
});

test('balance in roubles and the bonus badge only with a bonus', async ({ page }) => {
  const layout = new AppLayout(page);
  await new LoginPage(page).signIn('director');
  await layout.ready();
  expect(AppLayout.plain(await layout.balance.textContent())).toBe('15 400,00 ₽');
  await expect(layout.bonusBadge).toBeVisible();
  expect(AppLayout.plain(await layout.bonusBadge.textContent())).toBe('Бонусы: 2 500,00 ₽');

  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await new LoginPage(page).signIn('director2');
  await layout.ready();
  expect(AppLayout.plain(await layout.balance.textContent())).toBe('3 200,00 ₽');
  await expect(layout.bonusBadge).toHaveCount(0);
});

test('dark mode survives a reload', async ({ page }) => {
  const layout = new AppLayout(page);
  await new LoginPage(page).signIn('teacher');
  await layout.ready();
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await layout.themeToggle.click();
  await expect(html).toHaveClass(/dark/);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await layout.ready();
  await expect(html).toHaveClass(/dark/);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await layout.themeToggle.click();
  await expect(html).not.toHaveClass(/dark/);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('logout removes the token and returns to /login', async ({ page }) => {
  const layout = new AppLayout(page);
  await new LoginPage(page).signIn('parent');
  await layout.ready();
  await layout.logout();
  await expect(page).toHaveURL(/\/login$/);
  // The sign-out ends in a full page load of /login (nothing of the user survives): poll through it.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('auth_token')).catch(() => 'page is loading'))
    .toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired or invalid token lands on /login', async ({ page, request }) => {
  // A token revoked on the server (what expiry does) and a made-up one.
  const token = await apiLogin(request, 'teacher');
  await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  for (const stale of [token, 'not-a-real-token']) {
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('auth_token', value), stale);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  }
});

test('a forbidden route lands on /access', async ({ page }) => {
  await new LoginPage(page).signIn('student');
  await new AppLayout(page).ready();
  await page.goto('/users');
  await expect(page).toHaveURL(/\/access$/);
  await expect(page.getByRole('heading', { name: 'Доступ запрещён' })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
});

test('the dashboard shows the school numbers from the API', async ({ page, request }) => {
  const token = await apiLogin(request, 'director');
  const users = await request.get('/api/users?per_page=1', { headers: { Authorization: `Bearer ${token}` } });
  const staff = ((await users.json()) as { meta: { total: number } }).meta.total;
  await new LoginPage(page).signIn('director');
  await expect(page.getByRole('heading', { name: 'Рабочий стол' })).toBeVisible();
  await expect(page.getByTestId('count-staff').getByTestId('count-value')).toHaveText(String(staff));
  await expect(page.getByTestId('count-classes').getByTestId('count-value')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('count-students').getByTestId('count-value')).toHaveText(/^\d+$/);
});

test('a teacher’s two counts fill the row: no empty column beside them, on a desk and a phone', async ({
  page,
}) => {
  await new LoginPage(page).signIn('teacher');
  await expect(page.getByRole('heading', { name: 'Рабочий стол' })).toBeVisible();
  const row = page.getByTestId('school-counts');
  const classes = row.getByTestId('count-classes');
  await expect(classes.getByTestId('count-value')).toHaveText(/^\d+$/);
  await expect(row.getByTestId('count-staff')).toHaveCount(0);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 850 });
    const students = row.getByTestId('count-students');
    await expect(students).toBeVisible();
    // The last card ends where the row ends (with three columns it ended a third short of it).
    await expect
      .poll(async () => {
        const [card, grid] = await Promise.all([students.boundingBox(), row.boundingBox()]);
        return card && grid ? Math.round(grid.x + grid.width - (card.x + card.width)) : null;
      })
      .toBe(0);
  }
});

test('the director’s «Оценки за неделю» fits a 390 px phone: every column in view, no sideways scroll', async ({
  page,
}) => {
  const token = await apiLogin(page.request, 'director');
  const week = await page.request.get('/api/journal/week', { headers: { Authorization: `Bearer ${token}` } });
  const classes = ((await week.json()) as { data: { classes: unknown[] } }).data.classes.length;
  test.skip(classes === 0, 'за последние семь дней на часах школы (каникулы) оценок в школе не ставили');
  await page.setViewportSize({ width: 390, height: 844 });
  await new LoginPage(page).signIn('director');
  const table = page.getByTestId('school-week');
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  const average = table.getByRole('columnheader', { name: 'Средний' });
  const right = (await average.boundingBox())!;
  expect(right.x + right.width).toBeLessThanOrEqual(390);
  const sideways = await table.evaluate((node) => {
    const viewport = node.closest<HTMLElement>('.mantine-ScrollArea-viewport') ?? node.parentElement!;
    return viewport.scrollWidth - viewport.clientWidth;
  });
  expect(sideways).toBeLessThanOrEqual(0);
  await expect(table.getByRole('columnheader', { name: 'Класс, предмет' })).toBeVisible();
});

test('the mobile menu opens from the toggle and closes on a click outside', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const layout = new AppLayout(page);
  await new LoginPage(page).signIn('zavuch');
  await expect(layout.sidebar).not.toBeInViewport();
  await layout.menuToggle.click();
  await expect(layout.sidebar).toBeInViewport();
  await expect(layout.menuItems.first()).toBeVisible();
  await layout.menuOverlay.click({ position: { x: 370, y: 400 } });
  await expect(layout.sidebar).not.toBeInViewport();
  // No horizontal scrolling at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('desktop menu toggle collapses and restores the static sidebar', async ({ page }) => {
  const layout = new AppLayout(page);
  await new LoginPage(page).signIn('zavuch');
  await layout.ready();
  await expect(layout.sidebar).toBeInViewport();
  await layout.menuToggle.click();
  await expect(layout.sidebar).not.toBeInViewport();
  await layout.menuToggle.click();
  await expect(layout.sidebar).toBeInViewport();
});

test('991 px and below is mobile, 992 px and above has the static sidebar', async ({ page }) => {
  const layout = new AppLayout(page);
  await page.setViewportSize({ width: 992, height: 800 });
  await new LoginPage(page).signIn('zavuch');
  await layout.ready();
  await expect(layout.sidebar).toBeInViewport();
  await page.setViewportSize({ width: 991, height: 800 });
  await expect(layout.sidebar).not.toBeInViewport();
  await layout.menuToggle.click();
  await expect(layout.sidebar).toBeInViewport();
  await expect(layout.menuOverlay).toBeVisible();
});

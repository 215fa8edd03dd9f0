import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin, DEMO_PASSWORD } from '../support/demo';
import { expect, type Page, test } from '../support/test';

/**
 * What a school's people hit on the first day: a one-time password must be changed before anything
 * opens, pupils see no school money, the diary's calendar is Russian and styled on its first opening,
 * an unknown address keeps the menu, the login page says whom to ask.
 */

test('a new staff member is made to change the one-time password before anything else opens', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request, 'director');
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.post('/api/auth/me', { headers })).json()).data;
  const roles = (await (await request.get('/api/roles', { headers })).json()) as {
    id: number;
    code: string;
  }[];
  const login = `new.teacher.${Date.now() % 100000}`;
  const created = await request.post('/api/users', {
    headers,
    data: {
      surname: 'Новикова',
      name: 'Мария',
      login,
      organization_id: me.organization.id,
      role_ids: [roles.find((role) => role.code === 'teacher')!.id],
    },
  });
  expect(created.status()).toBe(201);
  const oneTime = (await created.json()).password as string;

  const loginPage = new LoginPage(page);
  await loginPage.signIn(login, oneTime);
  const screen = page.getByTestId('password-change-page');
  await expect(screen).toBeVisible();
  await expect(screen).toContainText('одноразовым паролем');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);

  // Typing another address does not get past it.
  await page.goto('/journal');
  await expect(screen).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);

  await loginPage.page.reload();
  const layout = new AppLayout(page);
  await screen.getByLabel('Одноразовый пароль').fill(oneTime);
  await screen.getByLabel(/^Новый пароль/).fill('мой-пароль-2026');
  await screen.getByLabel('Повторите новый пароль').fill('мой-пароль-2026');
  await screen.getByRole('button', { name: 'Сменить пароль' }).click();
  await layout.ready();
  await expect(screen).toHaveCount(0);

  // Next time the chosen password signs straight in.
  await new AppLayout(page).signOut();
  await loginPage.signIn(login, 'мой-пароль-2026');
  await layout.ready();
  await expect(page.getByTestId('password-change-page')).toHaveCount(0);
});

test('a pupil’s and a parent’s top bar shows no balance; a director’s does', async ({ page }) => {
  test.setTimeout(180_000);
  const loginPage = new LoginPage(page);
  const layout = new AppLayout(page);
  for (const login of ['student', 'parent']) {
    await loginPage.signIn(login);
    await layout.ready();
    await expect(page.getByRole('banner')).not.toContainText('Баланс');
    await expect(layout.balance).toHaveCount(0);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-data')).toBeVisible();
    await expect(page.getByText('Баланс организации')).toHaveCount(0);
    await new AppLayout(page).signOut();
  }
  await loginPage.signIn('director');
  await expect(layout.balance).toHaveText(/\d[\d\s]*,\d\d\s₽/);
});

test('a pupil opens the diary’s date picker: Russian month names, Monday first, styled at once', async ({
  page,
}) => {
  await new LoginPage(page).signIn('student');
  await page.goto('/diary');
  await expect(page.getByRole('heading', { level: 1, name: 'Дневник' })).toBeVisible();
  await page.getByRole('button', { name: /^Неделя с / }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar).toBeVisible();
  await expect(
    calendar.getByRole('button', {
      name: /^(январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь) \d{4}$/i,
    }),
  ).toBeVisible();
  const weekdays = await calendar.locator('thead th').allInnerTexts();
  expect(weekdays.map((day) => day.trim().toLowerCase())).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
  // The calendar's own styles are there on its first opening: days are square buttons, not bare text.
  const box = await calendar.locator('tbody button').first().boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(28);
  expect(Math.abs((box?.width ?? 0) - (box?.height ?? 0))).toBeLessThan(2);
});

test('bells: the lesson time fields fit a 390 px phone without widening the page', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
  });
  const page = await context.newPage();
  await new LoginPage(page).signIn('zavuch');
  await page.goto('/bells/create');
  await expect(page.getByTestId('bell-lesson').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await context.close();
});

test('a signed-in user on an unknown address keeps the menu and top bar around the 404', async ({ page }) => {
  await new LoginPage(page).signIn('teacher');
  await page.goto('/no-such-page');
  await expect(page.getByText('Страница не найдена')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
});

test('the login page says whom to ask for a forgotten password and links to connecting a school', async ({
  page,
}) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await expect(page.getByTestId('forgot-password')).toContainText('классный руководитель');
  await page.getByRole('link', { name: 'Подключить школу' }).click();
  await expect(page).toHaveURL(/\/#connect$/);
  await expect(page.locator('#connect')).toBeInViewport();
});

/** Holds the app's scripts until `release()`: the sign-in page as a slow phone first shows it. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the sign-in page works before the app has loaded: «Войти» pressed early still signs in', async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  // Neither «load» nor DOMContentLoaded comes while the app's deferred script is held.
  await page.goto('/login', { waitUntil: 'commit' });
  // The HTML's own form: typed into and submitted while no script of the app has run.
  await page.getByLabel('Логин').pressSequentially('teacher');
  await page.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('button', { name: 'Вход…' })).toBeDisabled();
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('the app takes over the sign-in form mid-word: the text and the caret stay where they were', async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  // Neither «load» nor DOMContentLoaded comes while the app's deferred script is held.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Логин').pressSequentially('tea');
  release();
  await expect(page.locator('#login-shell')).toHaveCount(0);
  // The app's own form now: the caret is still at the end of the login, so typing goes on.
  await expect(page.getByLabel('Логин')).toBeFocused();
  await page.keyboard.type('cher');
  await expect(page.getByLabel('Логин')).toHaveValue('teacher');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

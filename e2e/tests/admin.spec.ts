import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AppLayout } from '../pages/app-layout.page';
import { ApplicationsPage } from '../pages/applications.page';
import { LandingPage } from '../pages/landing.page';
import { LoginPage } from '../pages/login.page';
import { RegistryPage } from '../pages/registry.page';
import { apiLogin, apiMe, changeBalance } from '../support/demo';
import { stopGroup } from '../support/processes';
import { SCREENSHOTS_TAG, snap } from '../support/screenshots';
import { E2E_BASE_URL, REPO_ROOT, remoteOverridesFile, webDir } from '../support/system';
import { expect, type Page, test } from '../support/test';

/** A school applying from the landing page (the ИНН has a valid control digit). */
const SCHOOL = {
  organization: 'МБОУ «Лицей №5» г. Красногорска',
  inn: '5024077770',
  region: 'Московская область',
  contact: 'Белова Марина Сергеевна',
  email: 'belova@licey5.test',
  phone: '+7 495 555-05-05',
  comment: 'Хотим начать с 1 декабря',
};

async function signOut(page: Page) {
  await new AppLayout(page).logout();
  await expect(page).toHaveURL(/\/login$/);
}

test('a visitor applies from the landing page, admin approves, the new director signs in to an empty school', async ({
  page,
}) => {
  // Three people in one browser (visitor, admin, new director): more than a minute on a busy machine.
  test.slow();
  const landing = new LandingPage(page);
  await landing.goto();

  // Russian messages next to the fields, the ИНН checked by its control digit, consent required.
  await landing.submit();
  await expect(landing.form.getByText('Укажите название организации')).toBeVisible();
  await landing.fill({ ...SCHOOL, inn: '5024077771' });
  await landing.submit();
  await expect(landing.form.getByText('Неверный ИНН: не сходится контрольная цифра')).toBeVisible();
  await expect(landing.form.getByText('Нужно согласие на обработку персональных данных')).toBeVisible();

  await landing.form.getByLabel('ИНН').fill(SCHOOL.inn);
  await landing.consent();
  await landing.submit();
  const number = await landing.submittedNumber();
  await expect(landing.confirmation).toContainText(`Заявка №${number} принята`);

  await new LoginPage(page).signIn('admin');
  const applications = new ApplicationsPage(page);
  await new AppLayout(page).openMenuItem('Заявки');
  await expect(applications.rows.filter({ hasText: SCHOOL.organization })).toBeVisible();
  await applications.openCard(number);
  await expect(page.getByText(SCHOOL.contact).first()).toBeVisible();
  const { login, password } = await applications.approve({
    surname: 'Белова',
    name: 'Марина',
    patronymic: 'Сергеевна',
  });
  expect(login).toMatch(/^belova\.ms\d*$/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('application-status')).toHaveText('Одобрена');
  await signOut(page);

  await new LoginPage(page).signInWithOneTimePassword(login, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(SCHOOL.organization)).toBeVisible();
  await expect(page.getByTestId('count-students').getByTestId('count-value')).toHaveText('0');
  await expect(page.getByTestId('count-classes').getByTestId('count-value')).toHaveText('0');
  await expect(page.getByTestId('count-staff').getByTestId('count-value')).toHaveText('1');
  // A school director has no Управление group.
  expect(await new AppLayout(page).menuLabels()).not.toContain('Реестр организаций');
});

test('admin charges a school below zero: its director lands on /payment-required; a top-up lets them back', async ({
  page,
  browser,
  request,
}) => {
  const adminToken = await apiLogin(request, 'admin');
  const school = (await apiMe(request, await apiLogin(request, 'director2'))).organization;
  const overdraft = (school.balance + 150).toFixed(2).replace('.', ',');

  await new LoginPage(page).signIn('admin');
  const registry = new RegistryPage(page);
  await registry.goto();
  await registry.openCard('Гимназия №2');
  try {
    await registry.operate('Списание', overdraft, 'Списание за декабрь');
    await expect(registry.cardBalance).toHaveText(/^-150,00\s₽$/);
    await expect(page.getByTestId('balance-history-row').first()).toContainText('Списание за декабрь');

    const directorPage = await browser.newPage();
    await new LoginPage(directorPage).signIn('director2');
    await expect(directorPage).toHaveURL(/\/payment-required$/);
    await expect(directorPage.getByRole('heading', { name: 'Требуется оплата' })).toBeVisible();

    await registry.operate('Пополнение', '1 000', 'Оплата по счёту №130');
    await expect(registry.cardBalance).toHaveText(/^850,00\s₽$/);

    await directorPage.goto('/dashboard');
    await expect(directorPage.getByRole('heading', { name: 'Рабочий стол' })).toBeVisible();
    await directorPage.close();
  } finally {
    const now = (await apiMe(request, await apiLogin(request, 'director2'))).organization.balance;
    if (now !== school.balance) await changeBalance(request, adminToken, school.id, school.balance - now);
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForUrl(url: string) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

test.describe('the admin module deployed on its own', () => {
  let vendor: ChildProcess | undefined;
  test.afterEach(async () => {
    rmSync(remoteOverridesFile(), { force: true });
    if (vendor) await stopGroup(vendor);
    vendor = undefined;
  });

  test('served from a second origin (pnpm --filter remote-admin serve), the host loads it across origins', async ({
    page,
    request,
  }) => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    vendor = spawn('pnpm', ['--filter', 'remote-admin', 'serve'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        PARTA_REMOTE_DIR: path.join(webDir(), 'remote-admin'),
        PARTA_HOST_ORIGINS: E2E_BASE_URL,
      },
      stdio: 'ignore',
      // Its own process group: pnpm does not pass a SIGTERM on to the server it runs, the group gets it.
      detached: true,
    });
    await waitForUrl(`${origin}/mf-manifest.json`);

    // CORS only for the host's origin.
    const allowed = await request.get(`${origin}/mf-manifest.json`, { headers: { Origin: E2E_BASE_URL } });
    expect(allowed.headers()['access-control-allow-origin']).toBe(E2E_BASE_URL);
    expect(allowed.headers()['cache-control']).toBe('no-cache');
    const foreign = await request.get(`${origin}/mf-manifest.json`, {
      headers: { Origin: 'http://evil.example' },
    });
    expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();

    writeFileSync(remoteOverridesFile(), JSON.stringify({ admin: `${origin}/mf-manifest.json` }));
    const registry = await (await request.get('/remotes/registry.json')).json();
    expect(registry.admin).toBe(`${origin}/mf-manifest.json`);
    expect(registry.people).toMatch(/^\/remotes\/people\//);

    const fromVendor: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(origin)) fromVendor.push(response.url());
    });
    await new LoginPage(page).signIn('admin');
    await new AppLayout(page).openMenuItem('Реестр организаций');
    const registryPage = new RegistryPage(page);
    await expect(registryPage.rows.first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Гимназия №2', exact: true })).toBeVisible();
    expect(fromVendor.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    // The other remotes still come from the host's own origin.
    await new AppLayout(page).openMenuItem('Сотрудники');
    await expect(page.getByRole('heading', { name: 'Сотрудники' })).toBeVisible();
  });

  test('left out of the registry: no Управление group even for admin, its paths are not found', async ({
    page,
    request,
  }) => {
    writeFileSync(remoteOverridesFile(), JSON.stringify({ admin: null }));
    expect(Object.keys(await (await request.get('/remotes/registry.json')).json()).sort()).toEqual([
      'journal',
      'people',
      'timetable',
    ]);
    const layout = new AppLayout(page);
    await new LoginPage(page).signIn('admin');
    await layout.ready();
    await expect(page.getByRole('region', { name: 'Управление' })).toHaveCount(0);
    await expect(layout.sidebar.getByRole('link', { name: 'Сотрудники' })).toBeVisible();
    expect(await layout.menuLabels()).not.toContain('Заявки');
    await page.goto('/organizations');
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await page.goto('/applications/1');
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  });
});

test('screenshots: landing form, registry, organization card, dictionaries, applications (light, dark, 1280, 390)', {
  tag: SCREENSHOTS_TAG,
}, async ({ page }) => {
  test.setTimeout(180_000);
  const screens: [name: string, url: string, ready: (page: Page) => Promise<void>][] = [
    [
      'registry',
      '/organizations',
      async (p) => expect(p.getByTestId('organization-row').first()).toBeVisible(),
    ],
    [
      'organization-card',
      '/organizations/2',
      async (p) => expect(p.getByTestId('balance-history-row').first()).toBeVisible(),
    ],
    [
      'dictionaries',
      '/organizations/dictionaries',
      async (p) => expect(p.getByTestId('dictionary-item').first()).toBeVisible(),
    ],
    [
      'applications',
      '/applications',
      async (p) => expect(p.getByTestId('application-row').first()).toBeVisible(),
    ],
    ['application-card', '/applications/2', async (p) => expect(p.getByTestId('inn-warning')).toBeVisible()],
  ];
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.addInitScript((mode) => localStorage.setItem('parta_theme', JSON.stringify(mode)), theme);
      // Signed out at the end of each round, so the empty path is the public landing page.
      await new LandingPage(page).goto();
      await snap(page, `admin-landing-${theme}-${width}`, { fullPage: true });
      await new LoginPage(page).signIn('admin');
      for (const [name, url, ready] of screens) {
        await page.goto(url);
        await ready(page);
        await snap(page, `admin-${name}-${theme}-${width}`, { fullPage: true });
      }
      await page.evaluate(() => localStorage.removeItem('auth_token'));
    }
  }
});

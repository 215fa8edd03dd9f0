import { appendFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Route, test } from '@playwright/test';
import { JournalPage } from '../pages/journal.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { apiGrid, SEEDED_UNTIL } from '../support/journal';
import { webDir } from '../support/system';

/**
 * The installable app (SPEC-free, issue 20): the web app manifest, and the service worker that lets
 * a teacher reopen the journal with no network. Service workers are blocked in the other specs
 * (playwright.config.ts); here they run.
 */
test.use({ serviceWorkers: 'allow' });

/** The context's own requests and the service worker's both fail, as on a phone with no signal. */
const cutServiceWorker = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback();

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**', cutServiceWorker);
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**', cutServiceWorker);
  await context.setOffline(false);
}

test('the web app manifest names the app in Russian with icons and theme colours', async ({
  request,
  page,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    lang: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ short_name: 'Parta', lang: 'ru', display: 'standalone' });
  expect(manifest.name).toMatch(/школа/);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((item) => item.sizes === size);
    expect(icon, size).toBeDefined();
    const image = await request.get(icon!.src);
    expect(image.headers()['content-type']).toContain('image/png');
  }
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

// Not green yet (issue 20): offline, the reloaded journal page stays blank although the worker answers every request.
test.fixme('offline: the journal reopens from the last load, typed marks queue and are stored online; a new remote build still arrives', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const journal = new JournalPage(page);
  await new LoginPage(page).signIn('teacher');
  await page.goto('/journal');
  await page.locator('a[href^="/journal/"]').filter({ hasText: '·' }).first().click();
  await journal.ready();
  // Once the service worker is active, the next load goes through it and fills its caches.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await journal.ready();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);

  const token = await apiLogin(request, 'teacher');
  const grid = await apiGrid(request, token, page.url());
  // The last lesson up to today (later ones take no marks), in the last two rows: the keyboard spec
  // writes the first lessons after the seeded weeks, from the top.
  const col = grid.lessons.findLastIndex((lesson) => lesson.date <= grid.today);
  expect(grid.lessons[col].date > SEEDED_UNTIL).toBe(true);
  const rows = [grid.students.length - 2, grid.students.length - 1];

  await goOffline(context);
  await page.reload();
  await journal.ready();
  await expect(page.getByTestId('offline-notice')).toContainText(
    /^нет связи, данные на \d\d\.\d\d \d\d:\d\d$/,
  );

  await journal.select(rows[0], col);
  await journal.type('5');
  await journal.type('4');
  for (const row of rows) await expect(journal.cell(row, col)).toHaveAttribute('data-state', 'queued');

  await goOnline(context);
  for (const row of rows) await expect(journal.cell(row, col)).toHaveAttribute('data-state', 'saved');
  const stored = await apiGrid(request, token, page.url());
  const valueAt = (row: number) =>
    stored.cells
      .find((cell) => cell.lesson_id === grid.lessons[col].id && cell.student_id === grid.students[row].id)
      ?.grades.map((grade) => grade.value);
  expect(valueAt(rows[0])).toEqual([5]);
  expect(valueAt(rows[1])).toEqual([4]);

  // A new build of the journal remote, deployed while online: the next reload runs it, not the cached one.
  const label = `e2e-${Date.now()}`;
  const journalDir = path.join(webDir(), 'remote-journal');
  expect(readdirSync(journalDir)).toContain('remoteEntry.js');
  appendFileSync(
    path.join(journalDir, 'remoteEntry.js'),
    `\n;globalThis.__partaJournalBuild = ${JSON.stringify(label)};\n`,
  );
  await page.reload();
  await journal.ready();
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  expect(
    await page.evaluate(() => (globalThis as { __partaJournalBuild?: string }).__partaJournalBuild),
  ).toBe(label);
});

test('signing out forgets the kept API answers', async ({ page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).signIn('student');
  await page.goto('/diary?week=2026-09-14');
  await expect(page.getByRole('heading', { level: 1, name: 'Дневник' })).toBeVisible({ timeout: 30_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Дневник' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('parta-api')).keys()).length))
    .toBeGreaterThan(0);
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Выход' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(async () => (await (await caches.open('parta-api')).keys()).length)).toBe(0);
});

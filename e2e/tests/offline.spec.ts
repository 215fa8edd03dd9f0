import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DiaryPage } from '../pages/diary.page';
import { JournalPage } from '../pages/journal.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { apiGrid, skipInHolidaysAfterClosedTerm } from '../support/journal';
import { webDir } from '../support/system';
import { type APIRequestContext, type BrowserContext, expect, type Route, test } from '../support/test';

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

/**
 * Signed in already, as a phone that opened the app before: the token is in storage before any page
 * loads, so the first page this context opens is the app's first visit (no sign-in page before it).
 */
async function signInBeforeFirstPage(context: BrowserContext, request: APIRequestContext, login: string) {
  const token = await apiLogin(request, login);
  await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
  return token;
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

test('offline: the journal reopens from the last load, typed marks queue and are stored online; a new remote build still arrives', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await skipInHolidaysAfterClosedTerm(request);
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
  // Two pupils in a row whose cells in one lesson up to today (later ones take no marks) are still
  // empty: typing the value a cell already holds saves nothing, so nothing would queue. Other specs
  // mark the latest lessons, so the search goes back from the latest lesson given, bottom rows first.
  const empty = (row: number, col: number) =>
    !grid.cells.some(
      (cell) =>
        cell.lesson_id === grid.lessons[col].id &&
        cell.student_id === grid.students[row]?.id &&
        (cell.grades.length > 0 || cell.attendance),
    );
  let col = -1;
  let first = -1;
  for (
    let at = grid.lessons.findLastIndex((lesson) => lesson.date <= grid.today);
    at >= 0 && first < 0;
    at--
  ) {
    col = at;
    first = grid.students.findLastIndex(
      (_, row) => row + 1 < grid.students.length && empty(row, at) && empty(row + 1, at),
    );
  }
  expect(first, 'two empty cells in a row in a lesson given').toBeGreaterThanOrEqual(0);
  const rows = [first, first + 1];

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
  const entry = path.join(journalDir, 'remoteEntry.js');
  appendFileSync(entry, `\n;globalThis.__partaJournalBuild = ${JSON.stringify(label)};\n`);
  // A build ships its files precompressed and the server sends the copy the browser accepts: the
  // new entry's .br and .gz, as a real build would write them (the old ones would hide the change).
  const content = readFileSync(entry);
  writeFileSync(`${entry}.br`, brotliCompressSync(content));
  writeFileSync(`${entry}.gz`, gzipSync(content));
  await page.reload();
  await journal.ready();
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  expect(
    await page.evaluate(() => (globalThis as { __partaJournalBuild?: string }).__partaJournalBuild),
  ).toBe(label);
});

test('offline after one visit: the journal opened once, with no second load, opens again with no network', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  // Signed in already (the token in storage) and straight to the journal: this visit is the page's
  // first, so the service worker registers only after it and controls nothing it fetched.
  const token = await signInBeforeFirstPage(context, request, 'teacher');
  const journal = new JournalPage(page);
  const index = await request.get('/api/journal', { headers: { Authorization: `Bearer ${token}` } });
  const { loads } = (
    (await index.json()) as { data: { loads: { id: number; group_id: number; own: boolean }[] } }
  ).data;
  const own = loads.find((load) => load.own)!;
  await page.goto(`/journal/${own.group_id}/${own.id}`);
  await journal.ready();
  // The page itself came from the network, not through a worker (by the time the grid is drawn the
  // new worker may already have claimed the page: that comes after this load, and is the point).
  expect(
    await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart,
    ),
  ).toBe(0);
  const rows = await journal.pupilNames.count();

  // The worker takes the page over; everything this visit loaded (the journal's code, its grid) is
  // then in its caches, with no reload.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return ['not controlled yet'];
          const loaded = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .map((entry) => new URL(entry.name))
            .filter(
              (url) =>
                url.origin === location.origin &&
                ((url.pathname.startsWith('/remotes/') && url.pathname.includes('journal')) ||
                  url.pathname.startsWith('/api/journal/')),
            );
          const missing: string[] = [];
          for (const url of loaded) {
            if (!(await caches.match(url.href, { ignoreVary: true }))) missing.push(url.pathname);
          }
          return loaded.length === 0 ? ['nothing of the journal loaded'] : missing;
        }),
      { timeout: 60_000 },
    )
    .toEqual([]);

  await goOffline(context);
  try {
    await page.reload();
    await journal.ready();
    await expect(journal.pupilNames).toHaveCount(rows);
    await expect(page.getByTestId('offline-notice')).toContainText(/^нет связи, данные на /);
  } finally {
    await goOnline(context);
  }
});

test('online the worker fetches the shell’s files; with no network and no browser cache the precache answers', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await signInBeforeFirstPage(context, request, 'teacher');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Рабочий стол', level: 1 })).toBeVisible();
  // The worker controls the page and its install has kept the shell: index.html and the host's files.
  const precached = () =>
    page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return [];
      const names = await caches.keys();
      const precache = names.find((name) => name.includes('precache'));
      if (!precache) return [];
      return (await (await caches.open(precache)).keys()).map((entry) => new URL(entry.url).pathname);
    });
  await expect
    .poll(async () => (await precached()).some((file) => /^\/main\.[0-9a-f]{10}\.js/.test(file)), {
      timeout: 60_000,
    })
    .toBe(true);

  // Online, the worker fetches the host's files (the browser's HTTP cache keeps them for good) rather
  // than answering from the install's cache: a script answered from there comes with a full code cache
  // (every function compiled ahead), which a phone reads on the main thread before the script runs.
  // With no network and no HTTP cache (a phone that dropped it), the precache answers for them.
  const isMain = (url: string) => /\/main\.[0-9a-f]{10}\.js$/.test(url);
  const fetchedByWorker: string[] = [];
  context.on('request', (sent) => {
    if (sent.serviceWorker() && isMain(sent.url())) fetchedByWorker.push(sent.url());
  });
  const reloadShell = async () => {
    const entry = page.waitForResponse((response) => isMain(response.url()));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Рабочий стол', level: 1 })).toBeVisible();
    return entry;
  };
  await reloadShell();
  expect(fetchedByWorker).toHaveLength(1);
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.clearBrowserCache');
  await goOffline(context);
  try {
    expect((await reloadShell()).fromServiceWorker()).toBe(true);
  } finally {
    await goOnline(context);
  }
});

test('offline: a pupil’s last loaded diary week opens again with the offline notice', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const diary = new DiaryPage(page);
  await new LoginPage(page).signIn('student');
  await diary.openWeek('2026-09-14');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(diary.lessons.first()).toBeVisible({ timeout: 30_000 });
  const lessons = await diary.lessons.count();

  await goOffline(context);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Дневник' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('offline-notice')).toContainText(
      /^нет связи, данные на \d\d\.\d\d \d\d:\d\d$/,
    );
    await expect(diary.lessons).toHaveCount(lessons);
  } finally {
    await goOnline(context);
  }
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

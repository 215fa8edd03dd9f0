import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { AppLayout } from '../pages/app-layout.page';
import { JournalPage } from '../pages/journal.page';
import { LoginPage } from '../pages/login.page';
import { apiLogin } from '../support/demo';
import { apiGrid } from '../support/journal';
import { REPO_ROOT } from '../support/system';
import type { FrontEndFile, JournalTimings, StepBytes } from './figures';

interface Resource {
  type: string;
  url: string;
  fromCache: boolean;
  bytes: number;
}

/** Records every finished request of the page through the DevTools protocol. */
async function recordTransfers(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // The cache stays on: the second visit is about what it keeps.
  const pending = new Map<string, Resource>();
  let finished: Resource[] = [];
  let acceptEncoding = '';
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    const header = Object.entries(event.headers).find(([name]) => name.toLowerCase() === 'accept-encoding');
    if (header) acceptEncoding = String(header[1]);
  });
  cdp.on('Network.responseReceived', (event) => {
    pending.set(event.requestId, {
      type: event.type,
      url: event.response.url,
      fromCache: Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache),
      bytes: 0,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const resource = pending.get(event.requestId);
    if (resource) resource.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const resource = pending.get(event.requestId);
    if (!resource) return;
    pending.delete(event.requestId);
    finished.push({ ...resource, bytes: event.encodedDataLength });
  });
  return {
    /** Everything finished since the last call. */
    take(step: string, budget: number | null, ms: number): StepBytes {
      const resources = finished;
      finished = [];
      const sum = (filter: (resource: Resource) => boolean) =>
        resources.filter(filter).reduce((total, resource) => total + resource.bytes, 0);
      return {
        step,
        requests: resources.length,
        total: sum(() => true),
        js: sum((resource) => resource.type === 'Script'),
        css: sum((resource) => resource.type === 'Stylesheet'),
        json: sum((resource) => resource.type === 'Fetch' || resource.type === 'XHR'),
        jsFromNetwork: sum((resource) => resource.type === 'Script' && !resource.fromCache),
        budget,
        ms,
        resources: resources
          .map(({ url, type, bytes, fromCache }) => ({ url: new URL(url).pathname, type, bytes, fromCache }))
          .sort((a, b) => b.bytes - a.bytes),
      };
    },
    acceptEncoding: () => acceptEncoding,
  };
}

const KB = 1024;

/** Network quiet for a moment: lazy chunks and API calls of the step have finished. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

const steps: StepBytes[] = [];
let journalTimings: JournalTimings | null = null;
let acceptEncoding = '';

async function timed<T>(action: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await action();
  return { result, ms: Date.now() - started };
}

test.describe.configure({ mode: 'serial' });

test('front end: bytes per step, login → dashboard → Ученики → second visit', async ({ page }) => {
  const transfers = await recordTransfers(page);

  const login = new LoginPage(page);
  // goto() waits for the form's button: the HTML's own form, no script of the app has run yet.
  let step = await timed(() => login.goto());
  await settle(page);
  steps.push(transfers.take('login page (untouched)', 50 * KB, step.ms));

  // The app starts on the page's first use and takes the form over (host/src/index.ts).
  step = await timed(async () => {
    await login.loginInput.click();
    await expect(page.locator('#login-shell')).toHaveCount(0);
  });
  await settle(page);
  steps.push(transfers.take('login page in use (the app starts)', 450 * KB, step.ms));

  step = await timed(async () => {
    await login.submitCredentials('director');
    await expect(page.getByTestId('count-students').getByTestId('count-value')).toHaveText(/\d/);
  });
  await settle(page);
  steps.push(transfers.take('sign in → dashboard', 20 * KB, step.ms));

  step = await timed(async () => {
    await page.getByTestId('sidebar').getByRole('link', { name: 'Ученики' }).click();
    await expect(page.getByRole('heading', { name: 'Ученики' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  });
  await settle(page);
  steps.push(transfers.take('open Ученики', 80 * KB, step.ms));

  // A second visit: the same browser opens the app again (token kept, cache warm).
  step = await timed(async () => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('count-students').getByTestId('count-value')).toHaveText(/\d/);
  });
  await settle(page);
  steps.push(transfers.take('second visit → dashboard', null, step.ms));
  acceptEncoding = transfers.acceptEncoding();
});

test('front end: the journal as the teacher — grid interactive, 20 marks each until saved', async ({
  page,
  request,
}) => {
  const transfers = await recordTransfers(page);
  const journal = new JournalPage(page);
  await new LoginPage(page).signIn('teacher');
  await new AppLayout(page).ready();
  await settle(page);
  transfers.take('sign in as teacher', null, 0);

  let step = await timed(async () => {
    await new AppLayout(page).openMenuItem('Журнал');
    await expect(page.locator('a[href^="/journal/"]').filter({ hasText: '·' }).first()).toBeVisible();
  });
  await settle(page);
  steps.push(transfers.take('open Журнал (index)', null, step.ms));

  // The click on a journal → its grid on screen → a cell selected (the grid answers the keyboard).
  const clicked = Date.now();
  await page.locator('a[href^="/journal/"]').filter({ hasText: '·' }).first().click();
  await journal.ready();
  const visible = Date.now() - clicked;
  await journal.select(0, 0);
  const interactive = Date.now() - clicked;
  await settle(page);
  steps.push(transfers.take('open a journal (grid)', null, interactive));

  // 20 marks in a row in a column of lessons the seed left empty, each until the cell shows it saved.
  const grid = await apiGrid(request, await apiLogin(request, 'teacher'), page.url());
  // The seed fills the journal up to the day before it ran (server/src/seed/curriculum.ts
  // journalUntil): today's lesson is the one still empty (later ones take no marks).
  const filled = new Set(
    grid.cells.filter((cell) => cell.grades.length > 0 || cell.attendance).map((cell) => cell.lesson_id),
  );
  const col = grid.lessons.findLastIndex((lesson) => lesson.date <= grid.today && !filled.has(lesson.id));
  expect(
    col,
    'an empty lesson up to today (the journal seeded the day before has one today)',
  ).toBeGreaterThanOrEqual(0);
  await journal.select(0, col);
  const rows = Math.min(20, grid.students.length);
  const delays: number[] = [];
  step = await timed(async () => {
    for (let row = 0; row < rows; row++) {
      const typed = Date.now();
      await journal.type(String((row % 4) + 2));
      await expect(journal.cell(row, col)).toHaveAttribute('data-state', 'saved');
      delays.push(Date.now() - typed);
    }
  });
  steps.push(transfers.take(`type ${rows} marks (each until saved)`, null, step.ms));
  const sorted = [...delays].sort((a, b) => a - b);
  journalTimings = {
    grid_visible_ms: visible,
    grid_interactive_ms: interactive,
    grid_interactive_target_ms: 1000,
    mark_saved_ms: { median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1)!, all: delays },
    mark_saved_target_ms: 300,
  };
});

test.afterAll(() => {
  const row = (step: StepBytes) => ({
    step: step.step,
    requests: step.requests,
    ms: step.ms,
    'total KB': +(step.total / KB).toFixed(1),
    'JS KB': +(step.js / KB).toFixed(1),
    'CSS KB': +(step.css / KB).toFixed(1),
    'JSON KB': +(step.json / KB).toFixed(1),
    'JS from network KB': +(step.jsFromNetwork / KB).toFixed(1),
    'budget KB': step.budget === null ? '' : step.budget / KB,
    within:
      step.budget === null
        ? step.jsFromNetwork === 0
          ? 'yes (no JS)'
          : ''
        : step.total <= step.budget
          ? 'yes'
          : 'NO',
  });
  console.log(`Accept-Encoding sent by Chromium: ${acceptEncoding}`);
  console.table(steps.map(row));
  if (journalTimings) {
    const { grid_interactive_ms, grid_visible_ms, mark_saved_ms } = journalTimings;
    console.log(
      `Журнал: grid on screen ${grid_visible_ms} ms, interactive ${grid_interactive_ms} ms after the click (target < 1000); ` +
        `mark → saved: median ${mark_saved_ms.median} ms, max ${mark_saved_ms.max} ms (target ≤ 300)`,
    );
  }

  const outDir = path.join(REPO_ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const label = process.env.PARTA_BENCH_LABEL ?? 'current';
  writeFileSync(
    path.join(outDir, `front-end${label === 'current' ? '' : `-${label}`}.json`),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), acceptEncoding, steps, journal: journalTimings } satisfies FrontEndFile, null, 2)}\n`,
  );
});

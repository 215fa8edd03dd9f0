import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { LoginPage } from '../pages/login.page';
import { REPO_ROOT } from '../support/system';

/** What one step of the visit cost on the wire (headers included, as Chromium counts it). */
interface StepBytes {
  step: string;
  requests: number;
  /** Transferred bytes, all resources. */
  total: number;
  js: number;
  css: number;
  /** API answers and manifests. */
  json: number;
  /** Scripts fetched from the network rather than the cache. */
  jsFromNetwork: number;
  budget: number | null;
  /** Every resource of the step, largest first, to see what a budget is spent on. */
  resources: { url: string; type: string; bytes: number; fromCache: boolean }[];
}

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
    take(step: string, budget: number | null): StepBytes {
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

test('front end: bytes per step, login → dashboard → Ученики → second visit', async ({ page }) => {
  const transfers = await recordTransfers(page);
  const steps: StepBytes[] = [];

  const login = new LoginPage(page);
  await login.goto();
  await settle(page);
  steps.push(transfers.take('login page', 450 * KB));

  await login.submitCredentials('director');
  await expect(page.getByTestId('count-students').getByTestId('count-value')).toHaveText(/\d/);
  await settle(page);
  steps.push(transfers.take('sign in → dashboard', 20 * KB));

  await page.getByTestId('sidebar').getByRole('link', { name: 'Ученики' }).click();
  await expect(page.getByRole('heading', { name: 'Ученики' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await settle(page);
  steps.push(transfers.take('open Ученики', 80 * KB));

  // A second visit: the same browser opens the app again (token kept, cache warm).
  await page.goto('/dashboard');
  await expect(page.getByTestId('count-students').getByTestId('count-value')).toHaveText(/\d/);
  await settle(page);
  const second = transfers.take('second visit → dashboard', null);
  steps.push(second);

  const row = (step: StepBytes) => ({
    step: step.step,
    requests: step.requests,
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
          : 'NO'
        : step.total <= step.budget
          ? 'yes'
          : 'NO',
  });
  console.log(`Accept-Encoding sent by Chromium: ${transfers.acceptEncoding()}`);
  console.table(steps.map(row));

  const outDir = path.join(REPO_ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const label = process.env.PARTA_BENCH_LABEL ?? 'current';
  writeFileSync(
    path.join(outDir, `front-end${label === 'current' ? '' : `-${label}`}.json`),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), acceptEncoding: transfers.acceptEncoding(), steps }, null, 2)}\n`,
  );
});

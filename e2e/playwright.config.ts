import { defineConfig } from '@playwright/test';
import { SCREENSHOTS_TAG, TAKE_SCREENSHOTS } from './support/screenshots';
import { E2E_BASE_URL, E2E_SCHOOL_DAY, E2E_WORKERS } from './support/system';

// One output folder per run, so two runs in the same checkout do not delete each other's traces.
process.env.PARTA_E2E_RUN ??= new Date().toISOString().replace(/[:.]/g, '-');
// The school's day of a run (support/test.ts puts the servers and the browsers on it): a fixed
// Wednesday of II четверть, so no spec meets a weekend, a holiday or a term's last day because of the
// machine's date. Another day: `PARTA_CLOCK=2026-12-06` (a Sunday); the machine's: `PARTA_CLOCK=machine`.
// Set once here, before workers start, so a worker that loads this file again keeps the same value.
process.env.PARTA_CLOCK ??= E2E_SCHOOL_DAY;
if (process.env.PARTA_CLOCK === 'machine') process.env.PARTA_CLOCK = '';
// Lets a test cut the service worker's own requests too (tests/offline.spec.ts): Chromium's offline
// switch covers only the page's.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

/** The spec that runs «Новый учебный год» on the shared demo school (tests/year-change-run.spec.ts). */
const YEAR_CHANGE_RUN = /year-change-run\.spec\.ts$/;

/**
 * Browser tests of the whole system: global-setup.ts starts the built system with
 * `node server/scripts/start.mjs` on a fresh database, one per worker (support/system.ts), in
 * Debian's Chromium. A spec file runs in one worker from its first test to its last, in order.
 */
export default defineConfig({
  testDir: './tests',
  // The walks that only take pictures for a person run on demand (`pnpm test:screenshots`), not in CI.
  grepInvert: TAKE_SCREENSHOTS ? undefined : new RegExp(SCREENSHOTS_TAG),
  // Under .artifacts (gitignored), away from ./test-results that ad-hoc configs clean.
  outputDir: `./.artifacts/results/${process.env.PARTA_E2E_RUN}`,
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI: a test that fails twice is red; one that passes on its retry is reported «flaky».
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: { width: 1366, height: 850 },
    // The host registers a service worker; it serves cached copies that page.route cannot see, so
    // only the specs about it (offline.spec.ts) let it run.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.PARTA_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: YEAR_CHANGE_RUN },
    // Closes the demo school's year: only after every other spec, on whichever system is free then.
    {
      name: 'year-change',
      use: { browserName: 'chromium' },
      testMatch: YEAR_CHANGE_RUN,
      dependencies: ['chromium'],
    },
  ],
});

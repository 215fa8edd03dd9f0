import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `pnpm --filter e2e bench`: bytes the browser transfers per step, measured in Chromium against the
 * built system (global-setup.ts starts it, as for the tests). PARTA_BENCH_URL measures a system
 * that is already running instead (e.g. an older build, for a before/after comparison).
 */
// The bench measures what a deployment serves: the release build (`pnpm build`), not a first start's.
process.env.PARTA_E2E_RELEASE = '1';

export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '*.bench.ts',
  globalSetup: process.env.PARTA_BENCH_URL ? undefined : base.globalSetup,
  timeout: 120_000,
  // One system, measured one step at a time.
  workers: 1,
  use: { ...base.use, baseURL: process.env.PARTA_BENCH_URL ?? base.use?.baseURL },
});

import { type Browser, type BrowserContext, test as base } from '@playwright/test';
import { parseClock } from '../../server/src/modules/clock/clock.service';

export * from '@playwright/test';

/**
 * The specs' `test`: Playwright's, with the browsers on the school's clock. A run with `PARTA_CLOCK`
 * (`PARTA_CLOCK=2026-12-06 pnpm --filter e2e test`) starts every server of global-setup.ts on that
 * day (they inherit the variable) and every browser context here on the same instant, moving on as
 * time passes (Playwright's `clock.install`), so a spec meets the same «today» in the page and in
 * the API whatever the machine's date. Without the variable both keep the machine's clock.
 */
const SCHOOL_CLOCK = process.env.PARTA_CLOCK;
/** When the run started (global-setup.ts, before the servers), the moment `PARTA_CLOCK` stands for. */
const RUN_STARTED = Number(process.env.PARTA_E2E_CLOCK_FROM) || Date.now();

const onClock = new WeakSet<BrowserContext>();

/** Puts a context's pages on the school's clock (once per context). */
async function schoolClock(context: BrowserContext): Promise<BrowserContext> {
  if (!SCHOOL_CLOCK || onClock.has(context)) return context;
  onClock.add(context);
  await context.clock.install({ time: schoolNow() });
  return context;
}

/** The contexts a spec opens itself (a parent's phone beside the teacher's desk) go on the clock too. */
function onSchoolClock(browser: Browser): Browser {
  if (!SCHOOL_CLOCK) return browser;
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => schoolClock(await newContext(options));
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await schoolClock(page.context());
    return page;
  };
  return browser;
}

export const test = base.extend({
  browser: [async ({ browser }, use) => use(onSchoolClock(browser)), { scope: 'worker' }],
  context: async ({ context }, use) => use(await schoolClock(context)),
});

/**
 * The school clock's instant now: `PARTA_CLOCK` (read as the server reads it, `parseClock`) moved on
 * by the run's time, else the machine's.
 */
export function schoolNow(): Date {
  return new Date(
    SCHOOL_CLOCK ? parseClock(SCHOOL_CLOCK).getTime() + (Date.now() - RUN_STARTED) : Date.now(),
  );
}

/** The school's today (Moscow), `YYYY-MM-DD`, on the same clock as the servers and the browsers. */
export function schoolToday(): string {
  return schoolNow().toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });
}

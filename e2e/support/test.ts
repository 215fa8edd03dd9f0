import { type Browser, type BrowserContext, test as base } from '@playwright/test';
import { parseClock } from '../../server/src/modules/clock/clock.service';

export * from '@playwright/test';

/**
 * The specs' `test`: Playwright's, with the browsers on the school's clock. A run with `PARTA_CLOCK`
 * (`PARTA_CLOCK=2026-12-06 pnpm --filter e2e test`) starts every server of global-setup.ts on that
 * day (they inherit the variable) and every browser context here on the same instant, moving on as
 * time passes, so a spec meets the same «today» in the page and in
 * the API whatever the machine's date (`shiftDate`). Without the variable both keep the machine's clock.
 */
const SCHOOL_CLOCK = process.env.PARTA_CLOCK;
/** When the run started (global-setup.ts, before the servers), the moment `PARTA_CLOCK` stands for. */
const RUN_STARTED = Number(process.env.PARTA_E2E_CLOCK_FROM) || Date.now();

const onClock = new WeakSet<BrowserContext>();

/**
 * Runs in every page before its own scripts: `Date` reads the school's clock, `offsetMs` ahead of
 * (or behind) the machine's. Only the wall clock moves: timers, `performance` and animation frames
 * stay the browser's own (Playwright's `clock.install` fakes them all, and then axe-core's runs
 * hung, the service worker's timings read `undefined` and the КТП editor never drew).
 */
function shiftDate(offsetMs: number) {
  const RealDate = Date;
  const now = () => RealDate.now() + offsetMs;
  function SchoolDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now()).toString();
    return args.length === 0
      ? new RealDate(now())
      : new (RealDate as unknown as new (...values: unknown[]) => Date)(...args);
  }
  Object.setPrototypeOf(SchoolDate, RealDate);
  SchoolDate.prototype = RealDate.prototype;
  SchoolDate.now = now;
  globalThis.Date = SchoolDate as unknown as DateConstructor;
}

/** Puts a context's pages on the school's clock (once per context). */
async function schoolClock(context: BrowserContext): Promise<BrowserContext> {
  if (!SCHOOL_CLOCK || onClock.has(context)) return context;
  onClock.add(context);
  await context.addInitScript(shiftDate, schoolNow().getTime() - Date.now());
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

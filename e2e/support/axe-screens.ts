import AxeBuilder from '@axe-core/playwright';
import { LoginPage } from '../pages/login.page';
import { type Browser, expect, type Page, test } from './test';

/**
 * WCAG 2.1 AA over every screen of SPEC §2, in light and dark, as the role that uses it: axe-core
 * must find no critical and no serious violation. A detail screen is reached through the first
 * link of its list, so the test needs no ids of the seed. The screens are checked by two spec files
 * (tests/accessibility*.spec.ts), so the two test workers share them.
 */
interface Screen {
  /** Where the screen is, or the list whose first matching link leads to it. */
  path: string;
  /** The test's name where the path alone does not tell the screen. */
  name?: string;
  /** A tab of the list to open first (the links are in it). */
  tab?: string;
  /** Follow the first link whose href matches (a detail screen). */
  follow?: RegExp;
  /** Something that shows the screen's data is drawn (its heading by default). */
  ready?: (page: Page, timeout: number) => Promise<void>;
  /** A screen of a thousand cells or more: axe needs longer than a test's minute to read it. */
  large?: boolean;
  /** Drawn by the HTML before the app starts (nothing follows the theme in place): dark is a reload. */
  staticHtml?: boolean;
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const heading = (page: Page, timeout: number) =>
  expect(page.getByRole('heading').first()).toBeVisible({ timeout });

/** The screen's own heading and the table of its data, by test id. */
const headingAndTable = (testId: string) => async (page: Page, timeout: number) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout });
  await expect(page.getByTestId(testId)).toBeVisible({ timeout });
};

/** The app starts on the sign-in page's first use and replaces the HTML form with its own. */
async function signInAppStarted(page: Page, timeout: number) {
  await page.getByLabel('Логин').click();
  await expect(page.locator('#login-shell')).toHaveCount(0, { timeout });
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в систему' })).toBeVisible({ timeout });
}

export const SCREENS: Record<string, Screen[]> = {
  anonymous: [
    { path: '/' },
    // The sign-in form the HTML draws by itself, then the app's form once the page is used.
    { path: '/login', staticHtml: true },
    { path: '/login', name: '/login once the app has started', ready: signInAppStarted },
    { path: '/nope' },
  ],
  director: [
    { path: '/dashboard' },
    { path: '/profile' },
    { path: '/users' },
    { path: '/users', follow: /^\/users\/\d+\/edit$/ },
    { path: '/bells' },
    { path: '/bells/create' },
    { path: '/bells', follow: /^\/bells\/\d+$/ },
    { path: '/periods' },
    { path: '/class' },
    { path: '/class', follow: /^\/class\/\d+\/edit$/ },
    { path: '/student' },
    { path: '/student', follow: /^\/student\/\d+$/ },
    { path: '/student/subgroups' },
    { path: '/organization/settings' },
    { path: '/subject' },
    { path: '/load' },
    { path: '/timetable' },
    { path: '/timetable', tab: 'Шаблоны', follow: /^\/timetable\/templates\/\d+$/ },
    { path: '/timetable', tab: 'Шаблоны', follow: /^\/timetable\/create\/\d+$/ },
    { path: '/reports' },
    { path: '/reports/classification' },
    // 216 class × subject rows of a dozen columns and the teachers' table: some 3,000 cells.
    { path: '/reports/academic-performance', large: true },
    {
      path: '/reports/journal-completion?from=2026-09-01&to=2026-10-24',
      ready: headingAndTable('completion-table'),
      large: true,
    },
    { path: '/access' },
  ],
  teacher: [
    { path: '/dashboard' },
    { path: '/journal' },
    {
      path: '/journal',
      follow: /^\/journal\/\d+\/\d+/,
      ready: (page, timeout) => expect(page.getByTestId('journal-grid')).toBeVisible({ timeout }),
      large: true,
    },
    { path: '/journal/final' },
    { path: '/journal/topics' },
    { path: '/journal/attendance' },
    { path: '/ktp' },
    { path: '/ktp', follow: /^\/ktp\/\d+$/, ready: headingAndTable('ktp-items') },
  ],
  student: [{ path: '/dashboard' }, { path: '/diary?week=2026-09-14' }],
  parent: [
    { path: '/diary?week=2026-09-14' },
    // This week's term: its averages propose final marks («4?», issue 48: 4.19:1 before).
    { path: '/diary', name: '/diary of this week' },
    { path: '/notifications/settings' },
  ],
  admin: [
    { path: '/dashboard' },
    { path: '/organizations' },
    { path: '/organizations', follow: /^\/organizations\/\d+/ },
    { path: '/applications' },
  ],
};

async function signedInPage(browser: Browser, login: string): Promise<Page> {
  // axe-core/playwright needs a page of a context the test made itself.
  const context = await browser.newContext();
  const page = await context.newPage();
  // Every screen opens light (the theme the host reads from localStorage before the first paint),
  // unless a test asked this tab for dark (a screen the HTML draws is switched by a reload).
  await page.addInitScript(
    ([key, asked]) => localStorage.setItem(key, JSON.stringify(sessionStorage.getItem(asked) ?? 'light')),
    [THEME_KEY, DARK_ASKED] as const,
  );
  if (login !== 'anonymous') await new LoginPage(page).signIn(login);
  return page;
}

/** The host's localStorage key of the theme (shared/src/auth/atoms.ts THEME_STORAGE_KEY). */
const THEME_KEY = 'parta_theme';
/** This tab's sessionStorage key through which a test asks the next loads for a theme. */
const DARK_ASKED = 'axe_theme';

/**
 * How long a screen may take to show its data. Unloaded, the slowest (the КТП editor of 65 rows of
 * fields, «Заполняемость» over two months) draw in about 2 s; on a machine busy with other work a
 * cold first open took over 15 s, so readiness waits longer than an ordinary expect and returns as
 * soon as the screen is drawn.
 */
const READY_TIMEOUT = 30_000;

async function open(page: Page, screen: Screen): Promise<string> {
  await page.goto(screen.path);
  if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
  if (screen.follow) {
    const pattern = screen.follow;
    const link = page.locator('a[href]').filter({ visible: true });
    await expect
      .poll(
        async () =>
          (await link.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).some(
            (h) => h && pattern.test(h),
          ),
        {
          message: `no link ${pattern} on ${screen.path}`,
          timeout: 30_000,
        },
      )
      .toBe(true);
    const hrefs = await link.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const href = hrefs.find((h) => pattern.test(h)) as string;
    await page.goto(href);
  }
  const timeout = screen.large ? 2 * READY_TIMEOUT : READY_TIMEOUT;
  await (screen.ready ?? heading)(page, timeout);
  // Data drawn: no spinner or skeleton left.
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0, { timeout });
  await expectTheme(page, 'light');
  return page.url().replace(/^https?:\/\/[^/]+/, '');
}

/** The theme under test is the one drawn; then transitions settle (axe reads computed colours). */
async function expectTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
  await page.waitForTimeout(300);
}

/**
 * Dark, on the screen as it is drawn: the theme's stored value changes as another tab's toggle
 * changes it (a storage event the app's theme atom follows), so the screen is not loaded twice.
 */
async function switchToDark(page: Page, screen: Screen) {
  if (screen.staticHtml) {
    await page.evaluate((asked) => sessionStorage.setItem(asked, 'dark'), DARK_ASKED);
    try {
      await page.reload();
      await (screen.ready ?? heading)(page, READY_TIMEOUT);
      await expectTheme(page, 'dark');
    } finally {
      await page.evaluate((asked) => sessionStorage.removeItem(asked), DARK_ASKED);
    }
    return;
  }
  await page.evaluate((key) => {
    const value = JSON.stringify('dark');
    localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
  }, THEME_KEY);
  await expectTheme(page, 'dark');
}

/** What axe finds critical or serious, one line per violation with its first nodes. */
function seriousOf(result: Awaited<ReturnType<AxeBuilder['analyze']>>, where: string, theme: string) {
  return result.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 4)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
      return `${where} (${theme}) [${violation.impact}] ${violation.id}: ${violation.help}\n    ${targets.join('\n    ')}`;
    });
}

/**
 * The rules whose outcome depends on the colours: in dark only these run again, on the same DOM
 * (names, roles, labels and structure do not change with the theme).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// One test per screen, each login signed in once: a failure names its screen and theme and lists what
// axe found, and one slow screen cannot use up the time of the others. Every screen runs in both
// themes (issue 20): the whole rule set in light, then the colour rules in dark on the same screen.
export function describeAxeScreens(logins: (keyof typeof SCREENS)[]): void {
  for (const login of logins) {
    const screens = SCREENS[login];
    test.describe(`axe, ${login}`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        page = await signedInPage(browser, login);
      });
      test.afterAll(async () => {
        await page?.context().close();
      });
      for (const screen of screens) {
        const name =
          screen.name ?? (screen.follow ? `${screen.path} → ${screen.follow.source}` : screen.path);
        test(`${name}: no critical or serious WCAG 2.1 AA violation, light and dark`, async () => {
          if (screen.large) test.slow();
          const where = await open(page, screen);
          const light = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
          await switchToDark(page, screen);
          const dark = await new AxeBuilder({ page }).withRules(COLOUR_RULES).analyze();
          const found = [...seriousOf(light, where, 'light'), ...seriousOf(dark, where, 'dark')];
          if (found.length > 0) console.log(found.join('\n'));
          expect(found, found.join('\n')).toEqual([]);
        });
      }
    });
  }
}

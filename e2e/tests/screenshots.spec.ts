import { AppLayout } from '../pages/app-layout.page';
import { DiaryPage } from '../pages/diary.page';
import { LoginPage } from '../pages/login.page';
import { SCREENSHOTS_TAG, snap } from '../support/screenshots';
import { expect, type Page, test } from '../support/test';

test('screenshots: login, dashboard light and dark, remote pages, profile, mobile menu', {
  tag: SCREENSHOTS_TAG,
}, async ({ page }) => {
  const loginPage = new LoginPage(page);
  const layout = new AppLayout(page);
  await loginPage.goto();
  await snap(page, 'login');

  await loginPage.submitCredentials('director');
  await expect(page.getByTestId('count-staff').getByTestId('count-value')).toHaveText(/\d/);
  await snap(page, 'dashboard-light');

  await layout.themeToggle.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.mouse.move(700, 700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await snap(page, 'dashboard-dark');

  await page.goto('/journal/final');
  await expect(page.getByRole('heading', { name: 'Итоговые оценки' })).toBeVisible();
  await snap(page, 'remote-placeholder-dark');
  await layout.themeToggle.click();
  await page.mouse.move(700, 700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await snap(page, 'remote-placeholder');

  await page.goto('/profile');
  await expect(page.getByTestId('profile-data')).toContainText('Кузнецова');
  await snap(page, 'profile');

  await page.route(/\/remotes\/timetable\//, (route) => route.abort());
  await page.goto('/periods');
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible();
  await snap(page, 'remote-unavailable');
  await page.unroute(/\/remotes\/timetable\//);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('count-staff').getByTestId('count-value')).toHaveText(/\d/);
  await snap(page, 'mobile-dashboard', { fullPage: true });
  await layout.menuToggle.click();
  await expect(layout.sidebar).toBeInViewport();
  await page.waitForTimeout(400); // the slide-in transition
  await snap(page, 'mobile-menu');

  await page.goto('/access');
  await snap(page, 'access');
  await page.goto('/nope');
  await snap(page, 'not-found');
});

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 850 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;
const MAX_SHOT_HEIGHT = 3000;

/**
 * Opens each screen, waits for its data, and saves `<screen>-<viewport>-<theme>.png`. On a phone a
 * wide table must scroll inside its own container: the page itself never scrolls sideways.
 */
async function shootScreens(page: Page, screens: { name: string; open: () => Promise<void> }[]) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const theme of THEMES) {
      await new AppLayout(page).setTheme(theme);
      for (const screen of screens) {
        await screen.open();
        await page.mouse.move(0, viewport.height - 1);
        await expect(page.getByRole('tooltip')).toHaveCount(0);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${screen.name} at ${viewport.width} px scrolls sideways`).toBeLessThanOrEqual(0);
        // The whole page, but no taller than a few screens: a school-wide report runs to tens of thousands of pixels.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await snap(page, `${screen.name}-${viewport.name}-${theme}`, {
          fullPage: true,
          clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, MAX_SHOT_HEIGHT) },
        });
      }
    }
  }
}

test('screenshots: КТП list and editor, the three reports and the diary; light and dark, 1366 and 390 px', {
  tag: SCREENSHOTS_TAG,
}, async ({ page, browser }) => {
  test.setTimeout(360_000);
  await new LoginPage(page).signIn('zavuch');
  const heading = (name: string) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await shootScreens(page, [
    {
      name: 'ktp-list',
      open: async () => {
        await page.goto('/ktp');
        await expect(page.getByTestId('ktp-plans').getByRole('link').first()).toBeVisible();
      },
    },
    {
      name: 'ktp-editor',
      open: async () => {
        await page.goto('/ktp');
        await page
          .getByTestId('ktp-plans')
          .getByRole('link', { name: 'Математика, 5А', exact: true })
          .click();
        // A year's plan: some 170 rows of fields (a cold open on a busy machine took over 15 s).
        await expect(page.getByTestId('ktp-item').first()).toBeVisible({ timeout: 45_000 });
      },
    },
    {
      name: 'report-classification',
      open: async () => {
        await page.goto('/reports/classification');
        await heading('Классификация учащихся');
        await expect(page.getByTestId('classification-school')).toBeVisible();
        // Pupils without a mark yet are counted apart, as on «Академическая успеваемость».
        await expect(page.getByTestId('classification-totals-without-mark')).toContainText(/без оценки: \d+/);
      },
    },
    {
      name: 'report-performance',
      open: async () => {
        await page.goto('/reports/academic-performance');
        await heading('Академическая успеваемость');
        await expect(page.getByTestId('performance-table').locator('tbody tr').first()).toBeVisible();
        await expect(page.getByTestId('quality-chart')).toBeVisible();
        await expect(page.getByTestId('performance-totals-without-mark')).toContainText(/без оценки: \d+/);
      },
    },
    {
      name: 'report-completion',
      open: async () => {
        await page.goto('/reports/journal-completion?from=2026-09-01&to=2026-10-24');
        await heading('Заполняемость журнала');
        await expect(page.getByTestId('completion-table').locator('tbody tr').first()).toBeVisible({
          timeout: 45_000,
        });
      },
    },
  ]);

  const studentPage = await browser.newPage();
  await new LoginPage(studentPage).signIn('student');
  const diary = new DiaryPage(studentPage);
  await shootScreens(studentPage, [
    {
      name: 'diary',
      open: async () => {
        await diary.openWeek('2026-09-14');
        await expect(diary.lessons.first()).toBeVisible();
      },
    },
  ]);
  await studentPage.close();
});

test('screenshots: the school day of a teacher — journal grid with lessons to come, attendance, final marks; light and dark, 1366 and 390 px', {
  tag: SCREENSHOTS_TAG,
}, async ({ page }) => {
  test.setTimeout(360_000);
  await new LoginPage(page).signIn('teacher');
  await shootScreens(page, [
    {
      name: 'journal-grid-today',
      open: async () => {
        await page.goto('/journal');
        await page
          .getByRole('link', { name: /^5А · Математика/ })
          .first()
          .click();
        await expect(page.locator('[data-testid="lesson-header"][data-future]').first()).toBeAttached();
        await expect(page.getByRole('grid').getByTestId('average').first()).toBeInViewport();
      },
    },
    {
      name: 'journal-attendance',
      open: async () => {
        await page.goto('/journal/attendance');
        await expect(page.getByTestId('attendance-table')).toBeVisible();
      },
    },
    {
      name: 'journal-final',
      open: async () => {
        await page.goto('/journal/final');
        await expect(page.getByTestId('final-table')).toBeVisible();
      },
    },
    {
      name: 'report-completion-current-term',
      open: async () => {
        await page.goto('/reports/journal-completion');
        await expect(page.getByTestId('completion-table').locator('tbody tr').first()).toBeVisible({
          timeout: 45_000,
        });
      },
    },
  ]);
});

test('screenshots: accounts and the school day — login, one-time password, dashboards by role, student card, diary calendar, bells, 404', {
  tag: SCREENSHOTS_TAG,
}, async ({ page, request }) => {
  test.setTimeout(900_000);
  const layout = new AppLayout(page);
  const loginPage = new LoginPage(page);

  // Outside the layout (no theme toggle): the theme is set where index.html reads it.
  const director = (
    await (
      await request.post('/api/auth/login', { data: { login: 'director', password: 'parta2026' } })
    ).json()
  ).data.token as string;
  const headers = { Authorization: `Bearer ${director}` };
  const me = (await (await request.post('/api/auth/me', { headers })).json()).data;
  const roles = (await (await request.get('/api/roles', { headers })).json()) as {
    id: number;
    code: string;
  }[];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const theme of THEMES) {
      await page.goto('/login');
      await page.evaluate((value) => localStorage.setItem('parta_theme', JSON.stringify(value)), theme);
      await loginPage.goto();
      await snap(page, `login-${viewport.name}-${theme}`, { fullPage: true });
      const login = `shot.${viewport.name}.${theme}.${Date.now() % 10000}`;
      const created = await request.post('/api/users', {
        headers,
        data: {
          surname: 'Снимкова',
          name: 'Вера',
          login,
          organization_id: me.organization.id,
          role_ids: [roles.find((role) => role.code === 'teacher')!.id],
        },
      });
      await loginPage.signIn(login, (await created.json()).password);
      await expect(page.getByTestId('password-change-page')).toBeVisible();
      await snap(page, `password-change-${viewport.name}-${theme}`, { fullPage: true });
      await page.evaluate(() => localStorage.removeItem('auth_token'));
    }
  }
  await page.evaluate(() => localStorage.setItem('parta_theme', JSON.stringify('light')));

  await loginPage.signIn('director');
  await shootScreens(page, [
    {
      name: 'dashboard-director',
      open: async () => {
        await page.goto('/dashboard');
        await expect(page.getByTestId('week-marks')).toBeVisible({ timeout: 60_000 });
      },
    },
    {
      name: 'student-card',
      open: async () => {
        await page.goto('/student');
        await page.getByTestId('student-row').first().getByRole('link').first().click();
        await expect(page.getByTestId('parents-panel')).toBeVisible();
      },
    },
    {
      name: 'bells-create',
      open: async () => {
        await page.goto('/bells/create');
        await expect(page.getByTestId('bell-lesson').first()).toBeVisible({ timeout: 60_000 });
      },
    },
    {
      name: 'not-found-signed-in',
      open: async () => {
        await page.goto('/no-such-page');
        await expect(page.getByText('Страница не найдена')).toBeVisible();
        await layout.ready();
      },
    },
  ]);
  await layout.signOut();

  // The teacher's and the parent's dashboards: their own «Оценки за неделю» (by class, by child).
  for (const login of ['teacher', 'parent']) {
    await loginPage.signIn(login);
    await shootScreens(page, [
      {
        name: `dashboard-${login}`,
        open: async () => {
          await page.goto('/dashboard');
          await expect(page.getByTestId('week-marks')).toBeVisible({ timeout: 60_000 });
        },
      },
    ]);
    await layout.signOut();
  }

  await loginPage.signIn('student');
  await shootScreens(page, [
    {
      name: 'dashboard-student',
      open: async () => {
        await page.goto('/dashboard');
        await layout.ready();
      },
    },
    {
      name: 'diary-calendar',
      open: async () => {
        await page.goto('/diary');
        await page.getByRole('button', { name: /^Неделя с / }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
  ]);
});

test('screenshots: a phone with a touch screen (390 × 844), light and dark: journal with the mark bar, diary, dashboard', {
  tag: SCREENSHOTS_TAG,
}, async ({ browser }) => {
  test.setTimeout(180_000);
  for (const theme of THEMES) {
    for (const [login, screens] of [
      ['teacher', ['dashboard', 'journal']],
      ['student', ['diary']],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      await context.addInitScript((mode) => localStorage.setItem('parta_theme', JSON.stringify(mode)), theme);
      const page = await context.newPage();
      await new LoginPage(page).signIn(login);
      for (const screen of screens) {
        if (screen === 'dashboard') {
          await page.goto('/dashboard');
          await new AppLayout(page).ready();
        } else if (screen === 'journal') {
          await page.goto('/journal');
          await page.locator('a[href^="/journal/"]').filter({ hasText: '·' }).first().tap();
          await expect(page.getByRole('grid')).toBeVisible();
          // The last lesson up to today, tapped: the mark bar opens over the lower part of the screen.
          const col = await page
            .locator('[data-testid="lesson-header"]:not([data-future])')
            .last()
            .getAttribute('data-col');
          await page.locator(`[role="gridcell"][data-row="2"][data-col="${col}"]`).tap();
          await expect(page.getByTestId('mark-bar')).toBeVisible();
        } else {
          await new DiaryPage(page).openWeek('2026-09-14');
          await expect(new DiaryPage(page).lessons.first()).toBeVisible();
          await snap(page, `touch-diary-week-${theme}`);
          await page.getByTestId('diary-averages').scrollIntoViewIfNeeded();
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${screen} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
        await snap(page, `touch-${screen}-${theme}`);
      }
      await context.close();
    }
  }
});

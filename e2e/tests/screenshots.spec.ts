import path from 'node:path';
import { expect, test } from '@playwright/test';
import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { ARTIFACTS_DIR } from '../support/system';

/** Screenshots for a person to look at before an issue is resolved (e2e/.artifacts, gitignored). */
const shot = (name: string) => path.join(ARTIFACTS_DIR, `${name}.png`);

test('screenshots: login, dashboard light and dark, remote pages, profile, mobile menu', async ({ page }) => {
  const loginPage = new LoginPage(page);
  const layout = new AppLayout(page);
  await loginPage.goto();
  await page.screenshot({ path: shot('login') });

  await loginPage.submitCredentials('director');
  await expect(page.getByTestId('count-staff').getByTestId('count-value')).toHaveText(/\d/);
  await page.screenshot({ path: shot('dashboard-light') });

  await layout.themeToggle.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.mouse.move(700, 700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: shot('dashboard-dark') });

  await page.goto('/journal/final');
  await expect(page.getByRole('heading', { name: 'Итоговые оценки' })).toBeVisible();
  await page.screenshot({ path: shot('remote-placeholder-dark') });
  await layout.themeToggle.click();
  await page.mouse.move(700, 700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: shot('remote-placeholder') });

  await page.goto('/profile');
  await expect(page.getByTestId('profile-data')).toContainText('Кузнецова');
  await page.screenshot({ path: shot('profile') });

  await page.route(/\/remotes\/timetable\//, (route) => route.abort());
  await page.goto('/periods');
  await expect(page.getByText('Раздел временно недоступен')).toBeVisible();
  await page.screenshot({ path: shot('remote-unavailable') });
  await page.unroute(/\/remotes\/timetable\//);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('count-staff').getByTestId('count-value')).toHaveText(/\d/);
  await page.screenshot({ path: shot('mobile-dashboard'), fullPage: true });
  await layout.menuToggle.click();
  await expect(layout.sidebar).toBeInViewport();
  await page.waitForTimeout(400); // the slide-in transition
  await page.screenshot({ path: shot('mobile-menu') });

  await page.goto('/access');
  await page.screenshot({ path: shot('access') });
  await page.goto('/nope');
  await page.screenshot({ path: shot('not-found') });
});

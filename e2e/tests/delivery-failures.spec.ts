import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { snap } from '../support/screenshots';
import { expect, test } from '../support/test';

test('the director sees the school’s undelivered letters and pushes in the notification settings; a teacher does not', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await new LoginPage(page).signIn('director');
  const layout = new AppLayout(page);
  await layout.ready();
  await page.goto('/notifications/settings');
  const card = page.getByTestId('delivery-failures');
  await expect(card).toContainText('Недоставленные уведомления');
  // The e2e server sends no letters: nothing failed.
  await expect(card).toContainText('Все письма и push доставлены.');
  await snap(page, 'delivery-failures-1366-light', { fullPage: true, animations: 'disabled' });
  await layout.themeToggle.click();
  await snap(page, 'delivery-failures-1366-dark', { fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'delivery-failures-390-dark', { animations: 'disabled' });
  await layout.themeToggle.click();
  await snap(page, 'delivery-failures-390-light', { animations: 'disabled' });

  const teacher = await (await browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
  await new LoginPage(teacher).signIn('teacher');
  await new AppLayout(teacher).ready();
  await teacher.goto('/notifications/settings');
  await expect(teacher.getByTestId('notification-channels')).toBeVisible();
  await expect(teacher.getByTestId('delivery-failures')).toHaveCount(0);
  await teacher.context().close();
});

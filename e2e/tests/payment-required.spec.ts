import { LoginPage } from '../pages/login.page';
import { apiLogin, apiMe, changeBalance } from '../support/demo';
import { expect, test } from '../support/test';

test('an organization below zero lands on /payment-required', async ({ page, request }) => {
  const adminToken = await apiLogin(request, 'admin');
  const director2 = await apiMe(request, await apiLogin(request, 'director2'));
  const organization = director2.organization;
  expect(organization.name).toContain('Гимназия №2');
  const push = -(organization.balance + 100);

  await changeBalance(request, adminToken, organization.id, push);
  try {
    await new LoginPage(page).signIn('director2');
    await expect(page).toHaveURL(/\/payment-required$/);
    await expect(page.getByRole('heading', { name: 'Требуется оплата' })).toBeVisible();
  } finally {
    await changeBalance(request, adminToken, organization.id, -push);
  }

  // Paid again: the same user works normally.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Рабочий стол' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { ProfilePage } from '../pages/profile.page';
import { DEMO_PASSWORD } from '../support/demo';
import { expect, test } from '../support/test';

const NEW_PASSWORD = 'Завуч-новый-2027';

test('a user changes their own password on the profile and signs in with it', async ({ page, request }) => {
  await new LoginPage(page).signIn('zavuch');
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.data).toContainText('zavuch');

  await profile.changePassword(DEMO_PASSWORD, NEW_PASSWORD, 'что-то-другое');
  await expect(profile.passwordForm).toContainText('Пароли не совпадают');

  await profile.changePassword('не-тот-пароль', NEW_PASSWORD);
  await expect(profile.passwordForm).toContainText('Неверный текущий пароль');

  try {
    await profile.changePassword(DEMO_PASSWORD, NEW_PASSWORD);
    await expect(page.getByText('Пароль изменён')).toBeVisible();
    await expect(profile.currentPassword).toHaveValue('');

    await new AppLayout(page).logout();
    const loginPage = new LoginPage(page);
    await loginPage.submitCredentials('zavuch', DEMO_PASSWORD);
    await expect(loginPage.error).toContainText('Неверный логин или пароль');
    await loginPage.signIn('zavuch', NEW_PASSWORD);
  } finally {
    // Give the demo login its password back for the other tests.
    const signIn = await request.post('/api/auth/login', {
      data: { login: 'zavuch', password: NEW_PASSWORD },
    });
    if (signIn.ok()) {
      const token = (await signIn.json()).data.token as string;
      const restored = await request.post('/api/auth/password', {
        headers: { authorization: `Bearer ${token}` },
        data: { current_password: NEW_PASSWORD, new_password: DEMO_PASSWORD },
      });
      expect(restored.status()).toBe(200);
    }
  }
});

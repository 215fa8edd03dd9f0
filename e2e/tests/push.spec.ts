import { AppLayout } from '../pages/app-layout.page';
import { LoginPage } from '../pages/login.page';
import { skipInHolidaysAfterClosedTerm } from '../support/journal';
import { markChildAbsent, tokenOf } from '../support/notifications';
import { snap } from '../support/screenshots';
import { E2E_BASE_URL } from '../support/system';
import { type BrowserContext, expect, type Page, test } from '../support/test';
import { type DeviceKeys, decryptPush, deviceKeys, startPushService } from '../support/web-push';

/**
 * Web Push end to end in Chromium (issue 38). Headless Chromium reaches no browser vendor's push
 * service, so the page's PushManager hands out a subscription whose endpoint is a push service this
 * test stands up (with keys the test made) — that replaces Google's service, not any part of Parta.
 * Everything else is real: the settings screen subscribes through the service worker, the teacher's
 * «н» goes through the outbox and the queue, the server encrypts and signs the push and POSTs it;
 * the test decrypts it as the browser would and hands it to the real service worker over CDP
 * (`ServiceWorker.deliverPushMessage`), which shows the notification.
 */
test.use({ serviceWorkers: 'allow' });

/** The browser's push subscription, replaced by one to `endpoint` with the test's keys (kept across reloads). */
async function fakePushService(context: BrowserContext, endpoint: string, keys: DeviceKeys) {
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const KEY = 'e2e-push-subscribed';
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      };
      PushManager.prototype.subscribe = async function subscribe() {
        localStorage.setItem(KEY, '1');
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return (localStorage.getItem(KEY) ? subscription : null) as unknown as PushSubscription | null;
      };
    },
    { endpoint, p256dh: keys.p256dh, auth: keys.auth },
  );
}

/** Signs the parent in, opens «Уведомления» and turns push on for this device once the service worker runs. */
async function enablePushOn(page: Page) {
  await new LoginPage(page).signIn('parent');
  await new AppLayout(page).ready();
  await page.goto('/notifications/settings');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const card = page.getByTestId('device-push');
  await expect(card.getByTestId('device-push-state')).toHaveText('выключены');
  await expect(card.getByTestId('ios-note')).toContainText('экран «Домой» (iOS 16.4 и новее)');
  await card.getByRole('button', { name: 'Включить на этом устройстве' }).click();
  await expect(card.getByTestId('device-push-state')).toHaveText('включены');
  await expect(card.getByRole('button', { name: 'Выключить на этом устройстве' })).toBeVisible();
  return card;
}

async function screenshots(page: Page, width: number) {
  const layout = new AppLayout(page);
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await layout.themeToggle.click();
    await page.mouse.move(0, 700);
    const card = page.getByTestId('device-push');
    await expect(card).toBeVisible();
    // Polled: the theme toggle's tooltip widens the page while it fades out.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    // Nothing focused (the skip link), and on a phone the card itself under the top bar.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    if (width < 768) {
      await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await snap(page, `notification-push-${width}-${theme}`);
    } else await snap(page, `notification-push-${width}-${theme}`, { fullPage: true });
  }
  await layout.themeToggle.click();
}

test('a parent turns push on; the teacher’s «н» arrives through our push service and the service worker shows it; signing out drops the device', async ({
  page,
  context,
  request,
}) => {
  await skipInHolidaysAfterClosedTerm(request);
  const service = await startPushService();
  const keys = deviceKeys();
  const endpoint = `${service.url}/device/parent-desktop`;
  await fakePushService(context, endpoint, keys);
  const parent = await tokenOf(request, 'parent');
  const devices = async () =>
    (await (await request.get('/api/notifications/preferences', { headers: parent })).json()).data
      .push_devices as number;

  // Counted from what the parent has already: a retry of this test finds the first try's device
  // (its push service gone with it), and that one is not this test's business.
  const before = await devices();

  await page.setViewportSize({ width: 1366, height: 850 });
  const card = await enablePushOn(page);
  expect(await devices()).toBe(before + 1);
  const matrix = page.getByTestId('notification-channels');
  await expect(matrix.getByRole('checkbox', { name: 'Пропуски: push' })).toBeChecked();
  await expect(matrix.getByRole('checkbox', { name: 'Пропуски: push' })).toBeEnabled();
  await screenshots(page, 1366);

  // The service worker's registration, as DevTools sees it: pushes are delivered to it by id.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((item) => !item.isDeleted).length).toBeGreaterThan(0);
  const registration = registrations.find(
    (item) => !item.isDeleted && item.scopeURL.startsWith(E2E_BASE_URL),
  )!;

  // No quiet hours while the test runs (they would hold the push until 08:00 school time).
  const director = await tokenOf(request, 'director');
  const quietHours = (from: number, to: number) =>
    request.put('/api/organizations/settings', {
      headers: director,
      data: [
        { key: 'quiet_hours_from', value: String(from) },
        { key: 'quiet_hours_to', value: String(to) },
      ],
    });
  expect((await quietHours(0, 0)).ok()).toBe(true);
  const absence = await markChildAbsent(request);
  try {
    await expect
      .poll(() => service.received.filter((push) => push.path === '/device/parent-desktop').length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const push = service.received.find((item) => item.path === '/device/parent-desktop')!;
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const plaintext = decryptPush(push.body, keys);
    const payload = JSON.parse(plaintext) as { title: string; body: string; url: string; tag: string };
    expect(payload.title).toMatch(/: пропуск \d\d\.\d\d\.\d\d$/);
    expect(payload.body).toMatch(/^Пропущено уроков: \d+\n/);
    expect(payload.url).toContain(`student=${absence.pupilId}`);

    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(E2E_BASE_URL).origin,
      registrationId: registration.registrationId,
      data: plaintext,
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((item) => ({
            title: item.title,
            body: item.body,
            tag: item.tag,
            url: (item.data as { url?: string } | null)?.url,
          })),
        ),
      )
      .toContainEqual({ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url });
  } finally {
    await absence.undo();
    await quietHours(21, 8);
  }

  // Turned off and on again on this device; signing out removes the device from the server.
  await card.getByRole('button', { name: 'Выключить на этом устройстве' }).click();
  await expect(card.getByTestId('device-push-state')).toHaveText('выключены');
  expect(await devices()).toBe(before);
  await expect(matrix.getByRole('checkbox', { name: 'Пропуски: push' })).toBeDisabled();
  await card.getByRole('button', { name: 'Включить на этом устройстве' }).click();
  await expect(card.getByTestId('device-push-state')).toHaveText('включены');
  expect(await devices()).toBe(before + 1);
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Выход' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(devices).toBe(before);
  await service.close();
});

test('on a 390 px phone the parent turns push on for that phone', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
    serviceWorkers: 'allow',
  });
  const keys = deviceKeys();
  await fakePushService(context, 'http://127.0.0.1:9/device/parent-phone', keys);
  const page = await context.newPage();
  try {
    await enablePushOn(page);
    await screenshots(page, 390);
    await page
      .getByTestId('device-push')
      .getByRole('button', { name: 'Выключить на этом устройстве' })
      .click();
    await expect(page.getByTestId('device-push-state')).toHaveText('выключены');
  } finally {
    await context.close();
  }
});

test('a push service address the server refuses is said as it is, with what to do (issue 48)', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
    serviceWorkers: 'allow',
  });
  await fakePushService(context, 'https://10.1.2.3/device/inside', deviceKeys());
  const page = await context.newPage();
  try {
    await new LoginPage(page).signIn('parent');
    await new AppLayout(page).ready();
    await page.goto('/notifications/settings');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const card = page.getByTestId('device-push');
    await card.getByRole('button', { name: 'Включить на этом устройстве' }).click();
    const error = card.getByTestId('device-push-error');
    await expect(error).toContainText('Сервер Парты не принял адрес службы push этого браузера');
    await expect(error).toContainText('внутреннюю сеть');
    await expect(error).toContainText('Откройте Парту в Chrome, Edge, Firefox или Safari');
    await expect(error).not.toContainText('Произошла ошибка');
    await expect(card.getByTestId('device-push-state')).toHaveText('выключены');
    await error.scrollIntoViewIfNeeded();
    await snap(page, 'notification-push-refused-390-light');
  } finally {
    await context.close();
  }
});

import { DiaryPage } from '../pages/diary.page';
import { LoginPage } from '../pages/login.page';
import { NO_PROPOSALS, skipInHolidaysAfterClosedTerm } from '../support/journal';
import { snap } from '../support/screenshots';
import { expect, type Locator, type Page, test } from '../support/test';

/**
 * Issue 48's screens that cut their words or hid their items: the sidebar at 1366×800, the КТП
 * editor at 1366 px and on a phone, the periods on a phone, the landing form's phone, the one-time
 * password of a new staff member, the teacher's «Уроки сегодня», the settings' subtitle. Each is
 * photographed light and dark at the width it is checked (e2e/.artifacts, gitignored).
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** A remote's screen, cold, on a machine busy with other work took over 30 s to draw (as axe-screens.ts). */
const REMOTE_TIMEOUT = 60_000;
test.describe.configure({ timeout: 180_000 });

/** The screen in light, then in dark (the theme atom follows the storage event, as another tab's toggle). */
async function lightAndDark(page: Page, name: string, fullPage = true) {
  await page.waitForTimeout(300);
  await snap(page, `fit-${name}-light`, { fullPage });
  await page.evaluate(() => {
    const value = JSON.stringify('dark');
    localStorage.setItem('parta_theme', value);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'parta_theme', newValue: value, storageArea: localStorage }),
    );
  });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.waitForTimeout(300);
  await snap(page, `fit-${name}-dark`, { fullPage });
  await page.evaluate(() => {
    const value = JSON.stringify('light');
    localStorage.setItem('parta_theme', value);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'parta_theme', newValue: value, storageArea: localStorage }),
    );
  });
}

/** The texts under `root` drawn narrower than they are (an ellipsis, or clipped by their box). */
function cutTexts(root: Locator): Promise<string[]> {
  return root.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>('*')]
      .filter((node) => {
        if (node.children.length > 0 || !node.textContent?.trim()) return false;
        const style = getComputedStyle(node);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        return clips && node.scrollWidth > node.clientWidth + 1;
      })
      .map((node) => node.textContent?.trim() ?? ''),
  );
}

/** Whether a box scrolls sideways (its content wider than it). */
const scrollsSideways = (box: Locator) =>
  box.evaluate((element) => element.scrollWidth > element.clientWidth + 1);

/**
 * The table's nearest box that clips it sideways (Table.ScrollContainer's): whether the table is
 * wider than it, and the column headers whose right edge lies past it (out of sight).
 */
function sidewaysFit(table: Locator): Promise<{ scrolls: boolean; hidden: string[] }> {
  return table.evaluate((element) => {
    let box: HTMLElement | null = element.parentElement;
    while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible')
      box = box.parentElement;
    const clip = box ?? document.body;
    const right = clip.getBoundingClientRect().right + 1;
    const hidden = [...element.querySelectorAll('th')]
      .filter((th) => th.textContent?.trim() && th.getBoundingClientRect().right > right)
      .map((th) => th.textContent?.trim() ?? '');
    return { scrolls: clip.scrollWidth > clip.clientWidth + 1, hidden };
  });
}

async function openFirstKtpPlan(page: Page) {
  await page.goto('/ktp');
  const link = page.getByTestId('ktp-plans').locator('a[href^="/ktp/"]').first();
  await link.click();
  await expect(page.getByTestId('ktp-items')).toBeVisible({ timeout: REMOTE_TIMEOUT });
  await expect(page.getByTestId('ktp-item').first()).toBeVisible();
}

test.describe('desk, 1366 px', () => {
  test('the director’s sidebar at 1366×800 shows every item above its fold, «Отчётность» with its ё', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await new LoginPage(page).signIn('director');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('region', { name: 'Отчётность и журналы' })).toBeVisible();
    const items = sidebar.getByTestId('menu-item');
    await expect(items.last()).toHaveText('Архив года');
    for (const label of ['Отчёты', 'Архив года']) {
      const box = await items.filter({ hasText: label }).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.y + box!.height, `${label} below the fold`).toBeLessThanOrEqual(800);
    }
    // Nothing to scroll to: the menu fits.
    const viewport = sidebar.locator('.mantine-ScrollArea-viewport');
    expect(await viewport.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
    await snap(page, 'fit-sidebar-1366x800-light');
  });

  test('the КТП editor fits 1366 px: no sideways scroll, «Раздел», «Вид контроля», «Факт» in full', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 850 });
    await new LoginPage(page).signIn('teacher');
    await openFirstKtpPlan(page);
    const table = page.getByTestId('ktp-items');
    expect(await sidewaysFit(table)).toEqual({ scrolls: false, hidden: [] });
    for (const header of ['Раздел', 'Вид контроля', 'Факт']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    // A field's text is never cut: it wraps inside its column.
    const first = page.getByTestId('ktp-item').first();
    for (const label of ['Раздел', 'Тема', 'Вид контроля']) {
      const field = first.getByLabel(label, { exact: true });
      expect(
        await field.evaluate((element) => element.scrollHeight <= element.clientHeight + 1),
        `${label} cut`,
      ).toBe(true);
    }
    await lightAndDark(page, 'ktp-1366', false);
  });

  test('the classification and the completion report fit 1366 px: no header cut, no sideways scroll', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 850 });
    await new LoginPage(page).signIn('zavuch');
    for (const [url, testId] of [
      ['/reports/classification', 'classification-table'],
      ['/reports/journal-completion?from=2026-09-01&to=2026-10-24', 'completion-table'],
    ] as const) {
      await page.goto(url);
      const table = page.getByTestId(testId);
      await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 45_000 });
      expect(await sidewaysFit(table), `${testId} at 1366 px`).toEqual({ scrolls: false, hidden: [] });
      // A long header wraps (at its spaces or soft hyphens) instead of being clipped by its cell.
      const clipped = await table.evaluate((element) =>
        [...element.querySelectorAll('th')]
          .filter((th) => th.scrollWidth > th.clientWidth + 1)
          .map((th) => th.textContent),
      );
      expect(clipped, `${testId}: headers cut`).toEqual([]);
      await lightAndDark(page, `${testId}-1366`);
    }
  });

  test('the teacher’s dashboard cuts no subject; the settings say what they hold', async ({ page }) => {
    await new LoginPage(page).signIn('teacher');
    await expect(page.getByTestId('today-lessons')).toBeVisible();
    expect(await cutTexts(page.getByTestId('today-lessons'))).toEqual([]);
    await lightAndDark(page, 'teacher-dashboard-1366');
  });

  test('«Новый сотрудник» shows the generated password with «Копировать»', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await new LoginPage(page).signIn('director');
    await page.goto('/organization/settings');
    await expect(page.getByText(/уведомления семьям/)).toBeVisible({ timeout: REMOTE_TIMEOUT });
    await lightAndDark(page, 'settings-1366');

    await page.goto('/users');
    await page.getByRole('button', { name: 'Добавить сотрудника' }).click({ timeout: REMOTE_TIMEOUT });
    const dialog = page.getByRole('dialog', { name: 'Новый сотрудник' });
    await dialog.getByLabel(/^Фамилия/).fill('Копирова');
    await dialog.getByLabel(/^Имя/).fill('Алла');
    await dialog.getByRole('textbox', { name: 'Логин' }).fill('kopirova.alla');
    await dialog.getByRole('checkbox', { name: 'Учитель', exact: true }).check();
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await expect(dialog.getByTestId('created-password')).toBeVisible({ timeout: REMOTE_TIMEOUT });
    const password = await dialog.getByTestId('created-password').textContent();
    expect(password).toMatch(/\S{6,}/);
    await dialog.getByRole('button', { name: 'Копировать' }).click();
    await expect(dialog.getByRole('button', { name: 'Скопировано' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await lightAndDark(page, 'new-staff-1366');
  });

  test('the landing form writes the phone +7 (916) 123-45-67 as it is stored', async ({ page }) => {
    await page.goto('/#connect');
    const phone = page.getByRole('textbox', { name: 'Телефон' });
    await phone.fill('9161234567');
    await phone.blur();
    await expect(phone).toHaveValue('+7 (916) 123-45-67');
    await phone.fill('8 916 123 45 67');
    await phone.blur();
    await expect(phone).toHaveValue('+7 (916) 123-45-67');
    await lightAndDark(page, 'landing-1366');
  });
});

/** WCAG contrast of an element's text on the first opaque background behind it. */
function contrastOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let behind: Element | null = node;
    let background = [255, 255, 255];
    while (behind) {
      const value = rgb(getComputedStyle(behind).backgroundColor);
      if (value.length >= 3 && (value.length === 3 || value[3] === 1)) {
        background = value;
        break;
      }
      behind = behind.parentElement;
    }
    const [a, b] = [luminance(rgb(getComputedStyle(node).color)), luminance(background)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

test('the parent’s diary: a proposed «4?» reads at 4.5:1 or more, light and dark', async ({ page }) => {
  await skipInHolidaysAfterClosedTerm(page.request, NO_PROPOSALS);
  await new LoginPage(page).signIn('parent');
  await page.goto('/diary');
  const proposed = page.getByTestId('diary-averages').locator('[data-state="proposed"]');
  await expect(proposed.first()).toBeVisible({ timeout: REMOTE_TIMEOUT });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('parta_theme', JSON.stringify(value));
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'parta_theme',
          newValue: JSON.stringify(value),
          storageArea: localStorage,
        }),
      );
    }, theme);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    await page.waitForTimeout(300);
    const ratios = await Promise.all((await proposed.all()).map(contrastOf));
    expect(
      Math.min(...ratios),
      `${theme}: ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
    ).toBeGreaterThanOrEqual(4.5);
    await snap(page.getByTestId('diary-averages'), `fit-diary-proposed-${theme}`);
  }
});

test.describe('phone, 390 px', () => {
  test.use(PHONE);

  test('the КТП is one card per item, nothing scrolls sideways', async ({ page }) => {
    await new LoginPage(page).signIn('teacher');
    await openFirstKtpPlan(page);
    const list = page.getByTestId('ktp-items');
    await expect(list.locator('table')).toHaveCount(0);
    expect(await scrollsSideways(page.locator('html'))).toBe(false);
    const item = page.getByTestId('ktp-item').first();
    const box = (await item.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const label of ['Тема', 'Раздел', 'Домашнее задание', 'Вид контроля', 'Часы', 'Факт']) {
      await expect(item.getByText(label, { exact: true })).toBeVisible();
    }
    // The plan's first cards: the whole list is 65 of them.
    await lightAndDark(page, 'ktp-390', false);
  });

  test('the three reports and the diary scroll their tables inside their cards, never the page', async ({
    page,
    browser,
  }) => {
    await new LoginPage(page).signIn('zavuch');
    for (const [url, testId] of [
      ['/reports/classification', 'classification-table'],
      ['/reports/academic-performance', 'performance-table'],
      ['/reports/journal-completion?from=2026-09-01&to=2026-10-24', 'completion-table'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByTestId(testId).locator('tbody tr').first()).toBeVisible({ timeout: 45_000 });
      expect(await scrollsSideways(page.locator('html')), `${url} scrolls sideways`).toBe(false);
    }
    const student = await browser.newPage(PHONE);
    await new LoginPage(student).signIn('student');
    const diary = new DiaryPage(student);
    await diary.openWeek('2026-09-14');
    await expect(diary.lessons.first()).toBeVisible();
    expect(await scrollsSideways(student.locator('html')), 'the diary scrolls sideways').toBe(false);
    await student.close();
  });

  test('the periods show «Журнал», «закрыт»/«открыт» and their button in full', async ({ page }) => {
    await new LoginPage(page).signIn('director');
    await page.goto('/periods');
    const rows = page.getByTestId('period-row');
    await expect(rows.first()).toBeVisible({ timeout: REMOTE_TIMEOUT });
    const table = page.locator('table', { has: rows.first() });
    await expect(table.getByRole('columnheader', { name: 'Журнал' })).toBeVisible();
    expect(await sidewaysFit(table)).toEqual({ scrolls: false, hidden: [] });
    expect(await cutTexts(table)).toEqual([]);
    await lightAndDark(page, 'periods-390');
  });

  test('the teacher’s dashboard cuts no subject on a phone', async ({ page }) => {
    await new LoginPage(page).signIn('teacher');
    await expect(page.getByTestId('today-lessons')).toBeVisible();
    expect(await cutTexts(page.getByTestId('today-lessons'))).toEqual([]);
    await lightAndDark(page, 'teacher-dashboard-390');
  });

  test('the menu, the landing form, the settings and the new staff member on a phone', async ({ page }) => {
    await page.goto('/#connect');
    await lightAndDark(page, 'landing-390');
    await new LoginPage(page).signIn('director');
    await page.goto('/organization/settings');
    await expect(page.getByText(/уведомления семьям/)).toBeVisible({ timeout: REMOTE_TIMEOUT });
    await lightAndDark(page, 'settings-390');
    await page.getByTestId('menu-toggle').click();
    await expect(page.getByTestId('sidebar')).toBeInViewport();
    await page.waitForTimeout(400);
    await snap(page, 'fit-menu-390-light');
  });
});

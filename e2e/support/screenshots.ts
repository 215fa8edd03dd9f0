import path from 'node:path';
import type { Locator, LocatorScreenshotOptions, Page, PageScreenshotOptions } from '@playwright/test';
import { AppLayout } from '../pages/app-layout.page';
import { ARTIFACTS_DIR } from './system';

/**
 * Screenshots are for a person to look at before an issue is resolved (e2e/.artifacts, gitignored),
 * not for CI: `pnpm test:screenshots` sets PARTA_SCREENSHOTS=1 and runs the tests tagged
 * `SCREENSHOTS_TAG` (walks whose purpose is the pictures). Elsewhere a behaviour test may show its
 * screens along the way with `snap`/`snapThemes`: in a plain run these take nothing, so the
 * behaviour is tested the same and CI does not pay for the pictures.
 */
export const TAKE_SCREENSHOTS = process.env.PARTA_SCREENSHOTS === '1';

/** The tag of a test that only walks screens for their pictures (skipped unless PARTA_SCREENSHOTS=1). */
export const SCREENSHOTS_TAG = '@screenshots';

/** Where the picture `name` is saved. */
export const screenshotPath = (name: string) => path.join(ARTIFACTS_DIR, `${name}.png`);

/** Saves `<name>.png` of the page (or of one element) as it is (when screenshots are taken). */
export async function snap(
  target: Page | Locator,
  name: string,
  options: Omit<PageScreenshotOptions & LocatorScreenshotOptions, 'path'> = {},
) {
  if (!TAKE_SCREENSHOTS) return;
  await target.screenshot({ ...options, path: screenshotPath(name) });
}

/** The widths a screen is looked at: the desk's and the phone's. */
export const SHOT_VIEWPORTS = [
  { name: '1366', width: 1366, height: 850 },
  { name: '390', width: 390, height: 844 },
] as const;

/**
 * The whole page light and dark, saved as `<name>-<width>-<theme>.png` (with `widths`, at each of
 * them; otherwise `<name>-<theme>.png` at the current width), from the top and with the pointer
 * out of the way. The page is left as it was found: its width, light theme.
 */
export async function snapThemes(page: Page, name: string, options: { widths?: boolean } = {}) {
  if (!TAKE_SCREENSHOTS) return;
  const layout = new AppLayout(page);
  const before = page.viewportSize();
  for (const viewport of options.widths ? SHOT_VIEWPORTS : [null]) {
    if (viewport) await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const theme of ['light', 'dark'] as const) {
      await layout.setTheme(theme);
      // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.mouse.move(1, 1);
      const suffix = viewport ? `${viewport.name}-${theme}` : theme;
      await page.screenshot({ path: screenshotPath(`${name}-${suffix}`), fullPage: true });
    }
  }
  await layout.setTheme('light');
  if (before) await page.setViewportSize(before);
}

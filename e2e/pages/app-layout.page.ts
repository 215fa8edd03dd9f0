import { expect, type Locator, type Page } from '@playwright/test';

/** The widest window with the mobile menu (host/src/layout: 991 px and below, SPEC §9). */
const MOBILE_MENU_MAX_WIDTH = 991;

/** The main layout: sidebar, top bar, footer. Generic, so every area's page objects can use it. */
export class AppLayout {
  readonly sidebar: Locator;
  readonly menuItems: Locator;
  readonly menuToggle: Locator;
  readonly menuOverlay: Locator;
  readonly balance: Locator;
  readonly bonusBadge: Locator;
  readonly themeToggle: Locator;
  readonly profileMenu: Locator;
  readonly footer: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByTestId('sidebar');
    this.menuItems = this.sidebar.getByTestId('menu-item');
    this.menuToggle = page.getByTestId('menu-toggle');
    this.menuOverlay = page.getByTestId('menu-overlay');
    this.balance = page.getByTestId('balance');
    this.bonusBadge = page.getByTestId('bonus-badge');
    this.themeToggle = page.getByTestId('theme-toggle');
    this.profileMenu = page.getByTestId('profile-menu');
    this.footer = page.getByTestId('footer-copyright');
    this.heading = page.getByRole('heading', { level: 1 }).first();
  }

  /**
   * Waits until the current user is loaded and, on a wide screen, the menu is drawn (a phone draws
   * its menu when it is first opened).
   */
  async ready() {
    await expect(this.sidebar).toHaveAttribute('data-user', 'ready');
    if ((this.page.viewportSize()?.width ?? 1280) > MOBILE_MENU_MAX_WIDTH) {
      await expect(this.menuItems.first()).toBeVisible();
    }
  }

  /** Switches the theme with the top bar's toggle (remembered across pages) and waits until it holds. */
  async setTheme(theme: 'light' | 'dark') {
    const html = this.page.locator('html');
    const isDark = ((await html.getAttribute('class')) ?? '').split(' ').includes('dark');
    if (isDark !== (theme === 'dark')) await this.themeToggle.click();
    if (theme === 'dark') await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  }

  async menuLabels(): Promise<string[]> {
    await this.ready();
    return (await this.menuItems.allInnerTexts()).map((text) => text.trim());
  }

  async openMenuItem(label: string) {
    await this.sidebar.getByRole('link', { name: label, exact: true }).click();
  }

  async logout() {
    await this.profileMenu.click();
    await this.page.getByRole('menuitem', { name: 'Выход' }).click();
  }

  /** «Выход», then waits out the reload of /login that sign-out does (SPEC §4), ready for the next sign-in. */
  async signOut() {
    await this.logout();
    await this.page.waitForURL(/\/login$/);
    await this.page.waitForLoadState('load');
    await expect(this.page.getByRole('button', { name: 'Войти' })).toBeVisible();
  }

  /** Text with every kind of space made a plain space (ru-RU uses no-break spaces). */
  static plain(text: string | null): string {
    return (text ?? '').replace(/\s/g, ' ').trim();
  }
}

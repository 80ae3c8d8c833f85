import type { Page } from '@playwright/test';
import { demoContact } from '../../src/server/modules/demo-content/seed-data';
import { expect, expectAccessible, staffApi, test } from './fixtures';

const SITE = 'Northpaw Studio';
const THEME_KEY = 'vite-ui-theme';
const NAV = [
  { name: 'Home', path: '/', heading: 'Small games, made with care' },
  { name: 'Blog', path: '/blog', heading: 'Blog' },
  { name: 'About Us', path: '/about', heading: 'About Northpaw Studio' },
  { name: 'Contact', path: '/contact', heading: 'Contact Us' },
  { name: 'Privacy Policy', path: '/privacy', heading: 'Privacy Policy' },
];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footer = (page: Page) => page.getByRole('contentinfo');
const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);
const storedTheme = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), THEME_KEY);

/**
 * Opens the theme menu the way a mouse user does: the pointer reaches the button (which starts
 * loading the menu island's code), then clicks.
 */
async function openThemeMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle theme' });
  await toggle.hover();
  await expect(toggle).toHaveAttribute('data-state', 'closed');
  await toggle.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * Holds the theme menu island's code (as on a slow network) until release() is called, so an
 * interaction with the toggle happens before the island is hydrated.
 */
async function holdThemeMenuCode(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/theme-menu-[^/]+\.js$/, async (route) => {
    requested();
    await held;
    await route.continue();
  });
  return { release, seen };
}

test.describe('header', () => {
  test('the studio name links home', async ({ page }) => {
    await page.goto('/about');
    const home = page.getByRole('banner').getByRole('link', { name: SITE, exact: true });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Small games, made with care');
  });

  test('nav links go to their pages and the active one is highlighted', async ({ page }) => {
    await page.goto('/');
    const links = mainNav(page).getByRole('link');
    await expect(links).toHaveText(NAV.map((n) => n.name));
    for (const item of NAV) {
      await mainNav(page).getByRole('link', { name: item.name, exact: true }).click();
      await expect(page).toHaveURL(item.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.heading);
      for (const other of NAV) {
        const link = mainNav(page).getByRole('link', { name: other.name, exact: true });
        await expect(link).toHaveAttribute('href', other.path);
        if (other === item) {
          await expect(link, `${other.name} on ${item.path}`).toHaveAttribute('aria-current', 'page');
          await expect(link).toHaveClass(/(^|\s)bg-accent(\s|$)/);
        } else {
          await expect(link, `${other.name} on ${item.path}`).not.toHaveAttribute('aria-current', /.*/);
          await expect(link).not.toHaveClass(/(^|\s)bg-accent(\s|$)/);
        }
      }
    }
  });

  test('the active link is marked in the server-rendered page too', async ({ page }) => {
    await page.goto('/privacy');
    await expect(mainNav(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('aria-current', 'page');
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(1);
    await page.goto('/about');
    await expect(mainNav(page).getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(1);
  });

  test('the skip link is the first stop and jumps to the main content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toHaveAttribute('href', '#main');
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator('main#main')).toBeFocused();
  });
});

test.describe('footer', () => {
  test('shows the studio name, links and copyright with the current year', async ({ page }) => {
    await page.goto('/');
    const f = footer(page);
    await expect(f.getByText(SITE, { exact: true })).toBeVisible();
    const links = f.getByRole('navigation', { name: 'Footer' }).getByRole('link');
    await expect(links).toHaveText(['Home', 'Blog', 'Contact', 'Privacy Policy', 'Press kit']);
    await expect(links.nth(0)).toHaveAttribute('href', '/');
    await expect(links.nth(1)).toHaveAttribute('href', '/blog');
    await expect(links.nth(2)).toHaveAttribute('href', '/contact');
    await expect(links.nth(3)).toHaveAttribute('href', '/privacy');
    await expect(links.nth(4)).toHaveAttribute('href', '/press');
    // The current year (UTC or local: they differ only around New Year).
    const now = new Date();
    const years = [...new Set([now.getUTCFullYear(), now.getFullYear()])].join('|');
    await expect(f.getByText(new RegExp(`^© (${years}) ${SITE}\\. All rights reserved\\.$`))).toBeVisible();

    await links.nth(3).click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await footer(page).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  });

  test('social links follow the contact information', async ({ page, request }) => {
    const social = (name: string) =>
      footer(page).getByRole('list', { name: 'Social links' }).getByRole('link', { name });
    await page.goto('/');
    await expect(social('X (Twitter)')).toHaveAttribute('href', demoContact.twitterLink);
    await expect(social('LinkedIn')).toHaveAttribute('href', demoContact.linkedinLink);
    await expect(social('GitHub')).toHaveAttribute('href', demoContact.githubLink);
    // Then the visible Social Media Links not already there (Instagram, Discord; X is the same address).
    await expect(footer(page).getByRole('list', { name: 'Social links' }).getByRole('link')).toHaveCount(5);

    const api = await staffApi(request);
    const res = await api.put('/api/contact', { data: { ...demoContact, githubLink: '' } });
    expect(res.status()).toBe(200);
    try {
      await page.reload();
      await expect(social('X (Twitter)')).toHaveAttribute('href', demoContact.twitterLink);
      await expect(social('LinkedIn')).toHaveAttribute('href', demoContact.linkedinLink);
      await expect(social('GitHub')).toHaveCount(0);
      await expect(footer(page).getByRole('list', { name: 'Social links' }).getByRole('link')).toHaveCount(4);
    } finally {
      expect((await api.put('/api/contact', { data: demoContact })).status()).toBe(200);
    }
    await page.reload();
    await expect(social('GitHub')).toHaveAttribute('href', demoContact.githubLink);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the nav collapses into a side menu that navigates and closes', async ({ page }) => {
    await page.goto('/');
    await expect(mainNav(page)).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.tap();

    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    // The modal dialog hides the rest of the page from assistive technology.
    await expect(page.getByRole('button', { name: 'Open menu', includeHidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const links = dialog.getByRole('link');
    await expect(links).toHaveText(NAV.map((n) => n.name));
    await expect(dialog.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    await dialog.getByRole('link', { name: 'About Us' }).tap();
    await expect(page).toHaveURL('/about');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Northpaw Studio');

    await open.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await dialog.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(dialog).toBeHidden();
  });

  test('a tap on the theme toggle opens the theme menu', async ({ page }) => {
    await page.goto('/');
    const code = await holdThemeMenuCode(page);
    const toggle = page.getByRole('button', { name: 'Toggle theme' });
    await toggle.tap();
    await code.seen;
    code.release();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('menuitemradio', { name: 'Light' }).tap();
    await expect(page.locator('html')).toHaveClass('light');
  });

  test('Escape and the close button close the menu', async ({ page }) => {
    await page.goto('/contact');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/contact');
    await expect(open).toBeFocused();

    await open.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('theme', () => {
  test('defaults to dark with empty storage', async ({ page }) => {
    // Playwright emulates a light colour scheme, so a system default would come out light.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    expect(await storedTheme(page)).toBeNull();
    await expect(page.locator('html')).toHaveClass('dark');
    await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeVisible();
    const menu = await openThemeMenu(page);
    await expect(menu.getByRole('menuitemradio')).toHaveText(['Light', 'Dark', 'System']);
    await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).toHaveClass('dark');
    expect(await storedTheme(page)).toBeNull();
  });

  test('choosing Light applies it, stores it and keeps it across reloads without a flash', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass('dark');
    const menu = await openThemeMenu(page);
    await menu.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).toHaveClass('light');
    expect(await storedTheme(page)).toBe('light');

    // Right at DOMContentLoaded (the inline head script has run) the class is already light.
    const loaded = page.waitForEvent('domcontentloaded');
    const reload = page.reload();
    await loaded;
    expect(await htmlClass(page)).toBe('light');
    await reload;
    await expect(page.locator('html')).toHaveClass('light');

    // Stronger: hold the page's script (the island loader), so only the inline head script can have
    // run when the server-rendered content is first shown; it must already be light.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let loaderRequested = false;
    await page.route(/\/assets\/loader-[^/]+\.js$/, async (route) => {
      loaderRequested = true;
      await held;
      await route.continue();
    });
    try {
      await page.goto('/about', { waitUntil: 'commit' });
      await page.waitForFunction(() => document.querySelector('#root footer') !== null);
      expect(await page.evaluate(() => document.querySelector('h1')?.textContent)).toBe('About Northpaw Studio');
      expect(await htmlClass(page)).toBe('light');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
      // The loader really was held (the page asked for it and is still waiting).
      await expect.poll(() => loaderRequested).toBe(true);
    } finally {
      release();
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Northpaw Studio');
    await expect(page.locator('html')).toHaveClass('light');
    await expectAccessible(page);
  });

  test('System follows the colour scheme live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const menu = await openThemeMenu(page);
    await menu.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(menu).toBeHidden();
    expect(await storedTheme(page)).toBe('system');
    await expect(page.locator('html')).toHaveClass('dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveClass('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveClass('light');

    // Still system after a reload: follows the scheme there too.
    await page.reload();
    await expect(page.locator('html')).toHaveClass('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass('dark');

    // Choosing Dark stops following the scheme.
    const again = await openThemeMenu(page);
    await again.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await storedTheme(page)).toBe('dark');
    await expect(page.locator('html')).toHaveClass('dark');
  });

  test('the theme menu works with the keyboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass('dark');
    const toggle = page.getByRole('button', { name: 'Toggle theme' });
    await toggle.focus();
    // Focus starts loading the menu island's code; the toggle keeps the focus.
    await expect(toggle).toHaveAttribute('data-state', 'closed');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const item = (name: string) => menu.getByRole('menuitemradio', { name });
    await expect(item('Light')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Dark')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('System')).toBeFocused();
    // Wait for each focus move before the next key.
    await page.keyboard.press('ArrowUp');
    await expect(item('Dark')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('Light')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).toHaveClass('light');
    expect(await storedTheme(page)).toBe('light');
    await expect(toggle).toBeFocused();
  });
});

test.describe('theme toggle before its menu code has loaded', () => {
  test('a click while the menu code loads opens the menu once it arrives', async ({ page }) => {
    await page.goto('/');
    const code = await holdThemeMenuCode(page);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await code.seen;
    code.release();
    await expect(page.getByRole('menu')).toBeVisible();
  });

  test('keyboard focus stays on the toggle and Enter opens the menu', async ({ page }) => {
    await page.goto('/');
    const code = await holdThemeMenuCode(page);
    // The search link (issue 25) comes before the toggle.
    await page.getByRole('link', { name: 'Search the site' }).focus();
    await page.keyboard.press('Tab');
    await code.seen;
    // While the code is still loading, the focus must not be dropped.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Toggle theme');
    await page.keyboard.press('Enter');
    code.release();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeFocused();
  });
});

test.describe('accessibility', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`every public page is accessible in the ${theme} theme`, async ({ page }) => {
      if (theme === 'light') await page.addInitScript((key) => window.localStorage.setItem(key, 'light'), THEME_KEY);
      for (const item of NAV) {
        await page.goto(item.path);
        await expect(page.locator('html')).toHaveClass(theme);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.heading);
        await expectAccessible(page);
      }
    });
  }
});

// A tap before any script has run (issue 22): a phone on a slow network shows the server-rendered
// page well before the island loader arrives. A tap on the theme menu or the mobile menu button in
// that moment is held by the page's inline capture script and replayed by the loader once it has
// arrived, exactly once; a tap anywhere else is left alone. (islands.spec.ts covers a tap made while
// only an island's own code is on its way.)
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

const ISLAND_CODE = /\/assets\/(theme-menu|mobile-menu|hydrate)-[^/]+\.js$/;

/**
 * Holds every script the page asks for (the island loader, module preloads, every chunk) until
 * release() is called; asked lists them by path, held or not.
 */
async function holdEveryScript(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route('**/*', async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (request.resourceType() !== 'script' && !path.endsWith('.js')) return route.fallback();
    asked.push(path);
    await held;
    await route.fallback();
  });
  return { release, asked };
}

/** Counts each time a menu button says it opened (aria-expanded becoming true), from the first byte. */
async function countOpenings(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { __openings: number };
    counted.__openings = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).getAttribute('aria-expanded') === 'true') counted.__openings += 1;
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['aria-expanded'] });
  });
  return () => page.evaluate(() => (window as unknown as { __openings: number }).__openings);
}

/** Opens the page with every script held, and waits until its content is shown and the loader asked for. */
async function openHeld(page: Page, path: string) {
  const scripts = await holdEveryScript(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect.poll(() => scripts.asked.some((p) => /\/assets\/loader-[^/]+\.js$/.test(p))).toBe(true);
  return scripts;
}

const island = (page: Page, name: string) => page.locator(`studio-island[data-island="${name}"]`);

test.describe('a tap before any script has run (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('on the theme menu button: the menu opens once the scripts arrive, once', async ({ page }) => {
    const openings = await countOpenings(page);
    const scripts = await openHeld(page, '/');
    const toggle = page.getByRole('button', { name: 'Toggle theme' });

    // Tapped twice while nothing has run: one press, as for a tap while the menu's code loads.
    await toggle.tap();
    await toggle.tap();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(island(page, 'theme-menu')).not.toHaveAttribute('data-hydrated', /.*/);
    expect(scripts.asked.filter((p) => ISLAND_CODE.test(p))).toEqual([]);

    scripts.release();
    const menu = page.getByRole('menu', { name: 'Theme' });
    await expect(menu).toBeVisible();
    await expect(island(page, 'theme-menu')).toHaveAttribute('data-hydrated', 'true');
    // Opened once, and not toggled shut again by a second replay.
    expect(await openings()).toBe(1);
    await expect(page.getByRole('menu')).toHaveCount(1);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(island(page, 'mobile-menu')).not.toHaveAttribute('data-hydrated', /.*/);
    await expect(page).toHaveURL('/');

    // It works as ever from here: a choice applies, and the next tap opens it again.
    await menu.getByRole('menuitemradio', { name: 'Light' }).tap();
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).toHaveClass('light');
    await toggle.tap();
    await expect(menu).toBeVisible();
    expect(await openings()).toBe(2);
  });

  test('on the mobile menu button: the Menu dialog opens once the scripts arrive, once', async ({ page }) => {
    const openings = await countOpenings(page);
    const scripts = await openHeld(page, '/privacy');
    const open = page.getByRole('button', { name: 'Open menu' });

    await open.tap();
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(island(page, 'mobile-menu')).not.toHaveAttribute('data-hydrated', /.*/);
    expect(scripts.asked.filter((p) => ISLAND_CODE.test(p))).toEqual([]);

    scripts.release();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(island(page, 'mobile-menu')).toHaveAttribute('data-hydrated', 'true');
    expect(await openings()).toBe(1);
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL('/privacy');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
  });

  test('on ordinary content: nothing is held and nothing opens once the scripts arrive', async ({ page }) => {
    const openings = await countOpenings(page);
    const scripts = await openHeld(page, '/');

    await page.getByRole('heading', { level: 1 }).tap();
    await page.getByRole('contentinfo').getByText('Links', { exact: true }).tap();
    scripts.release();
    // The loader has run (the load event waits for it) and woke no island.
    await page.waitForLoadState('load');
    await expect(page.locator('studio-island[data-hydrated]')).toHaveCount(0);
    expect(scripts.asked.filter((p) => ISLAND_CODE.test(p))).toEqual([]);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    expect(await openings()).toBe(0);
    await expect(page).toHaveURL('/');
  });

  test('on a link: it leads on at once, as without the capture', async ({ page }) => {
    const scripts = await openHeld(page, '/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact' }).tap();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    scripts.release();
  });
});

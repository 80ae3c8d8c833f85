// Islands wake on the visitor's first interaction, and that interaction is never lost: a tap, a
// click or a send made while an island's code is still on its way takes effect once it arrives.
// If the code cannot load at all, the page keeps working the plain way. (The theme menu's own
// cases, mouse and keyboard, are in layout.spec.ts.)
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

/** Holds the island's code (as on a slow network) until release() is called. */
async function holdIsland(page: Page, name: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route: Route) => {
    requested();
    await held;
    await route.continue();
  });
  return { release, seen };
}

const FORM_VALUES = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  message: 'Sent while the form code was still loading.',
};

const form = (page: Page) => page.getByRole('region', { name: 'Send a Message' });

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a tap while its code loads opens the menu once it arrives', async ({ page }) => {
    await page.goto('/about');
    const code = await holdIsland(page, 'mobile-menu');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.tap();
    await code.seen;
    // Nothing opened yet, and nothing else happened to the page.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    code.release();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(dialog.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe('contact form', () => {
  test('a send pressed while its code loads is sent once through the API, with the toast', async ({ page }) => {
    await page.goto('/contact');
    const code = await holdIsland(page, 'contact-form');
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
    const subject = `Held ${Date.now()}`;
    for (const [name, value] of Object.entries({ ...FORM_VALUES, subject })) {
      await form(page).locator(`#${name}`).fill(value);
    }
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await code.seen;
    expect(posts).toEqual([]);
    code.release();
    await expect(page.getByRole('region', { name: /^Notifications? \(F8\)$/ })).toContainText('Message sent');
    expect(posts).toEqual(['/api/messages']);
    await expect(page).toHaveURL('/contact');
    await expect(form(page).locator('#subject')).toHaveValue('');
  });

  test('an empty send while its code loads shows the messages in the page, with no plain post', async ({ page }) => {
    await page.goto('/contact');
    const code = await holdIsland(page, 'contact-form');
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await code.seen;
    code.release();
    await expect(form(page).locator('#firstName-error')).toHaveText('First name is required');
    await expect(form(page).locator('#message-error')).toHaveText('Message must be at least 10 characters');
    expect(posts).toEqual([]);
    await expect(page).toHaveURL('/contact');
  });

  test.describe('when its code cannot load', () => {
    test.use({ allowConsoleErrors: ['net::ERR_FAILED', 'Failed to fetch dynamically imported module'] });

    test('the form is sent the plain way', async ({ page }) => {
      await page.goto('/contact');
      await page.route(/\/assets\/contact-form-[^/]+\.js$/, (route) => route.abort());
      for (const [name, value] of Object.entries({ ...FORM_VALUES, subject: `Fallback ${Date.now()}` })) {
        await form(page).locator(`#${name}`).fill(value);
      }
      await form(page).getByRole('button', { name: 'Send Message' }).click();
      await expect(page).toHaveURL('/contact?sent=1#send-title');
      await expect(form(page).getByRole('status')).toContainText('Message sent');
    });
  });
});

test('a page nobody touches loads no island code', async ({ page }) => {
  const islands: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(theme-menu|mobile-menu|contact-form|hydrate)-/.test(r.url())) islands.push(r.url());
  });
  await page.goto('/contact', { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  expect(islands).toEqual([]);
  // The first sign of intent starts loading the island it points at.
  await page.getByRole('button', { name: 'Toggle theme' }).hover();
  await expect.poll(() => islands.some((u) => u.includes('/theme-menu-'))).toBe(true);
  await expect(page.locator('studio-island[data-island="theme-menu"]')).toHaveAttribute('data-hydrated', 'true');
});

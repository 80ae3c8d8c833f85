// Islands and the first interaction: the loader hydrates an island when the visitor first reaches
// for it, and a tap, a key press or a send made while the island's code is still on its way is
// replayed once it has arrived (exactly once). If the code cannot load, the page keeps working the
// plain way. A page nobody touches loads no island code at all. (layout.spec.ts has the theme
// menu's mouse and Tab-then-Escape cases; these cover the mobile menu, the theme menu's arrow keys
// and the contact form.) An island that breaks after hydrating becomes its server HTML again.
import type { Page, Request, Route } from '@playwright/test';
import { ERRORS, FIELDS, type FieldName, type Values } from './contact-form';
import { expect, isAnalyticsBeacon, staffApi, test } from './fixtures';

type IslandName = 'theme-menu' | 'mobile-menu' | 'contact-form';
const ISLAND_CODE = /\/assets\/(theme-menu|mobile-menu|contact-form|hydrate)-[^/]+\.js$/;
const NAV = ['Home', 'Blog', 'About Us', 'Contact', 'Privacy Policy'];

const codeOf = (name: IslandName) => new RegExp(`/assets/${name}-[^/]+\\.js$`);
const island = (page: Page, name: IslandName) => page.locator(`studio-island[data-island="${name}"]`);

/**
 * Holds an island's code (as on a slow network) until release() is called; seen resolves when the
 * browser asks for it, and requests counts how often it did.
 */
async function holdIsland(page: Page, name: IslandName) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  const hold = { release, seen, requests: 0 };
  await page.route(codeOf(name), async (route: Route) => {
    hold.requests += 1;
    requested();
    await held;
    await route.continue();
  });
  return hold;
}

/** Every island code request of the page, by path. */
function recordIslandCode(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (ISLAND_CODE.test(path)) seen.push(path);
  });
  return seen;
}

/** Values with a unique subject, so the stored message can be found again. */
function sample(label: string): Values {
  const tag = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    subject: `E2E islands ${tag}`,
    message: `Sent while the island's code was loading (${tag}).`,
  };
}

const form = (page: Page) => page.getByRole('region', { name: 'Send a Message' });
const field = (page: Page, name: FieldName) => form(page).locator(`#${name}`);
const sendButton = (page: Page) => form(page).getByRole('button', { name: 'Send Message' });
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications? \(F8\)$/ }).getByRole('listitem');

/** POSTs the page makes and main-frame navigations after the first load, to prove nothing went the plain way. */
function watchSends(page: Page) {
  const posts: string[] = [];
  const navigations: string[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && !isAnalyticsBeacon(r)) posts.push(new URL(r.url()).pathname);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return { posts, navigations };
}

async function storedWithSubject(request: Parameters<typeof staffApi>[0], subject: string) {
  const staff = await staffApi(request);
  const list = await staff.get('/api/messages');
  expect(list.status()).toBe(200);
  const messages = (await list.json()) as (Values & { id: number })[];
  return { staff, stored: messages.filter((m) => m.subject === subject) };
}

test.describe('mobile menu: a tap before its code has loaded', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('opens the Menu dialog once the code arrives; Escape closes it and focus returns', async ({ page }) => {
    await page.goto('/privacy');
    const code = await holdIsland(page, 'mobile-menu');
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');

    await open.tap();
    await code.seen;
    // Held: nothing opened yet, and the page did not go anywhere.
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(island(page, 'mobile-menu')).not.toHaveAttribute('data-hydrated', /.*/);
    code.release();

    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(island(page, 'mobile-menu')).toHaveAttribute('data-hydrated', 'true');
    // Exactly one dialog, open (the replayed tap did not open it twice or toggle it shut).
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Open menu', includeHidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const links = dialog.getByRole('link');
    await expect(links).toHaveText(NAV);
    for (const link of await links.all()) await expect(link).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('aria-current', 'page');
    await expect(dialog.locator('[aria-current]')).toHaveCount(1);
    await expect(page).toHaveURL('/privacy');
    // Still open a moment later: one tap, one opening. The wait is the thing tested: a browser's
    // delayed click comes up to 300 ms after the tap, and nothing signals that none is coming.
    await page.waitForTimeout(300);
    await expect(dialog).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    // The code was asked for once.
    expect(code.requests).toBe(1);
  });

  test('a tap in the panel away from its links keeps it open; a tap on the backdrop closes it', async ({ page }) => {
    await page.goto('/privacy');
    await page.getByRole('button', { name: 'Open menu' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    const panel = (await dialog.boundingBox())!;
    // The empty part of the panel, below the links.
    await page.touchscreen.tap(panel.x + panel.width / 2, panel.y + panel.height - 40);
    // The wait is the thing tested: a close would come after the tap, and nothing signals "none came".
    await page.waitForTimeout(200);
    await expect(dialog).toBeVisible();
    // Left of the panel: the backdrop.
    await page.touchscreen.tap(Math.max(5, panel.x / 2), panel.y + panel.height / 2);
    await expect(dialog).toBeHidden();
  });
});

test.describe('theme menu: the keyboard before its code has loaded', () => {
  test('Tab to the toggle, Enter while held: the menu opens on release and the arrow keys move through it', async ({
    page,
  }) => {
    // 'System' then comes out light, so choosing it shows.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    await expect(page.locator('html')).toHaveClass('dark');
    const code = await holdIsland(page, 'theme-menu');
    const toggle = page.getByRole('button', { name: 'Toggle theme' });

    // Tab from the top of the page: skip link, studio name, the four nav links, then the toggle.
    let tabs = 0;
    while (!(await toggle.evaluate((el) => el === document.activeElement))) {
      expect(tabs, 'Tab presses before the toggle').toBeLessThan(10);
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    // The focus itself asks for the code.
    await code.seen;
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(toggle).toBeFocused();
    code.release();

    const menu = page.getByRole('menu', { name: 'Theme' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const item = (name: string) => menu.getByRole('menuitemradio', { name });
    await expect(menu.getByRole('menuitemradio')).toHaveText(['Light', 'Dark', 'System']);
    await expect(item('Dark')).toHaveAttribute('aria-checked', 'true');
    await expect(item('Light')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Dark')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('System')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).toHaveClass('light');
    await expect(toggle).toBeFocused();
    expect(code.requests).toBe(1);
  });
});

test.describe('contact form: a send before its code has loaded', () => {
  test('is sent once through the API after release, with the toast and no plain POST', async ({ page, request }) => {
    const values = sample('held');
    await page.goto('/contact');
    const code = await holdIsland(page, 'contact-form');
    const sends = watchSends(page);

    for (const name of FIELDS) await field(page, name).fill(values[name]);
    await code.seen;
    const reply = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/messages'));
    await sendButton(page).click();
    // Held: nothing sent yet, the values stay.
    expect(sends.posts).toEqual([]);
    for (const name of FIELDS) await expect(field(page, name)).toHaveValue(values[name]);
    code.release();

    expect((await reply).status()).toBe(201);
    const toast = toasts(page);
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('Message sent');
    await expect(toast).toContainText("Thank you for your message. We'll get back to you soon.");
    // The form is reset for the next message.
    for (const name of FIELDS) await expect(field(page, name)).toHaveValue('');
    // The wait is the thing tested: a second send or a navigation would come later, if at all.
    await page.waitForTimeout(500);
    // One POST, to the API: no plain POST to /contact, no navigation.
    expect(sends.posts).toEqual(['/api/messages']);
    expect(sends.navigations).toEqual([]);
    await expect(page).toHaveURL('/contact');
    await expect(form(page).getByRole('status').filter({ hasText: 'Message sent' })).toHaveCount(0);

    const { staff, stored } = await storedWithSubject(request, values.subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(values);
    expect((await staff.delete(`/api/messages/${stored[0]!.id}`)).status()).toBe(200);
  });

  test('an empty send while held shows the messages in the page once released, with no POST', async ({ page }) => {
    await page.goto('/contact');
    const code = await holdIsland(page, 'contact-form');
    const sends = watchSends(page);
    // A click is an interaction of its own: it starts the load and is replayed.
    await sendButton(page).click();
    await code.seen;
    await expect(form(page).locator('[id$="-error"]')).toHaveCount(0);
    code.release();

    for (const name of FIELDS) {
      await expect(form(page).locator(`#${name}-error`)).toHaveText(ERRORS[name]);
      await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
    }
    // The wait is the thing tested: a POST or a navigation would come later, if at all.
    await page.waitForTimeout(500);
    expect(sends.posts).toEqual([]);
    expect(sends.navigations).toEqual([]);
    await expect(page).toHaveURL('/contact');
    await expect(toasts(page)).toHaveCount(0);
  });
});

test.describe('contact form: when its code cannot load', () => {
  // The browser logs the failed chunk (and, for the refused form, the 422 answer).
  test.use({
    allowConsoleErrors: [
      'net::ERR_FAILED',
      'Failed to fetch dynamically imported module',
      'the server responded with a status of 422',
    ],
  });

  test('a send falls back to the plain POST and lands on the notice', async ({ page, request }) => {
    const values = sample('fallback');
    await page.goto('/contact');
    let attempts = 0;
    await page.route(codeOf('contact-form'), (route) => {
      attempts += 1;
      return route.abort();
    });
    const sends = watchSends(page);
    for (const name of FIELDS) await field(page, name).fill(values[name]);
    await sendButton(page).click();

    await expect(page).toHaveURL(/\/contact\?sent=1(#[\w-]+)?$/);
    const notice = form(page).getByRole('status');
    await expect(notice).toContainText('Message sent');
    await expect(notice).toContainText("Thank you for your message. We'll get back to you soon.");
    await expect(island(page, 'contact-form')).not.toHaveAttribute('data-hydrated', /.*/);
    expect(attempts).toBeGreaterThanOrEqual(1);
    // The plain way only, once.
    expect(sends.posts).toEqual(['/contact']);

    const { staff, stored } = await storedWithSubject(request, values.subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(values);
    expect((await staff.delete(`/api/messages/${stored[0]!.id}`)).status()).toBe(200);
  });

  test('Enter in a field sends the plain way too, and the server answers with its messages', async ({ page }) => {
    await page.goto('/contact');
    await page.route(codeOf('contact-form'), (route) => route.abort());
    const sends = watchSends(page);
    await field(page, 'firstName').fill('Ada');
    await field(page, 'email').fill('not-an-email');
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/contact',
    );
    await field(page, 'email').press('Enter');
    expect((await answer).status()).toBe(422);
    await expect(form(page).locator('#email-error')).toHaveText(ERRORS.email);
    await expect(form(page).locator('#lastName-error')).toHaveText(ERRORS.lastName);
    await expect(form(page).locator('#firstName-error')).toHaveCount(0);
    await expect(field(page, 'firstName')).toHaveValue('Ada');
    await expect(field(page, 'email')).toHaveValue('not-an-email');
    expect(sends.posts).toEqual(['/contact']);
  });
});

test.describe('contact form: when it breaks after hydrating', () => {
  // The island's error boundary logs what broke (and React says which boundary caught it).
  test.use({ allowConsoleErrors: ['A screen failed to render', 'NotFoundError'] });

  test('becomes the plain form again, keeps what was typed and sends the plain way', async ({ page, request }) => {
    const values = sample('broken');
    await page.goto('/contact');
    const sends = watchSends(page);
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await field(page, 'firstName').focus();
    await expect(island(page, 'contact-form')).toHaveAttribute('data-hydrated', 'true');

    // An empty send: React shows the messages.
    await sendButton(page).click();
    await expect(form(page).locator('#firstName-error')).toHaveText(ERRORS.firstName);
    // A page-translating browser extension wraps a node React put there in an element of its own
    // (as Chrome's translator does with <font>): React's next change to it throws in the browser.
    await page.evaluate(() => {
      const message = document.getElementById('firstName-error')!;
      const wrapper = document.createElement('font');
      message.replaceWith(wrapper);
      wrapper.append(message);
    });
    await field(page, 'firstName').fill(values.firstName);

    // Not a blank: the form as the server rendered it, with what was typed, and no JavaScript behind it.
    await expect(form(page).getByRole('heading', { name: 'Send a Message' })).toBeVisible();
    await expect(island(page, 'contact-form')).toHaveAttribute('data-hydrated', 'failed');
    await expect(form(page).locator('[id$="-error"]')).toHaveCount(0);
    await expect(field(page, 'firstName')).toHaveValue(values.firstName);
    expect(errors.some((e) => e.includes('A screen failed to render'))).toBe(true);

    for (const name of FIELDS) await field(page, name).fill(values[name]);
    await sendButton(page).click();
    await expect(page).toHaveURL(/\/contact\?sent=1(#[\w-]+)?$/);
    await expect(form(page).getByRole('status')).toContainText('Message sent');
    expect(sends.posts).toEqual(['/contact']);

    const { staff, stored } = await storedWithSubject(request, values.subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(values);
    expect((await staff.delete(`/api/messages/${stored[0]!.id}`)).status()).toBe(200);
  });
});

test.describe('a page nobody touches', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`hydrates nothing and loads no island code (${viewport.width}x${viewport.height})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const code = recordIslandCode(page);
      for (const path of ['/', '/contact', '/apps/1/blogs', '/blogs/1']) {
        await page.goto(path, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
        // The wait is the thing tested: code loaded on idle or on a timer would come after the network settled.
        await page.waitForTimeout(1000);
        expect(code, `island code requested on ${path} without interaction`).toEqual([]);
        await expect(page.locator('studio-island')).not.toHaveCount(0);
        await expect(page.locator('studio-island[data-hydrated]')).toHaveCount(0);
      }

      // Control: reaching for one island loads that island's code only.
      await page.goto('/contact');
      await page.waitForLoadState('networkidle');
      await field(page, 'firstName').focus();
      await expect(island(page, 'contact-form')).toHaveAttribute('data-hydrated', 'true');
      expect(code.filter((p) => !/\/(contact-form|hydrate)-/.test(p))).toEqual([]);
      expect(code.some((p) => /\/contact-form-/.test(p))).toBe(true);
      await expect(island(page, 'theme-menu')).not.toHaveAttribute('data-hydrated', /.*/);
      await expect(island(page, 'mobile-menu')).not.toHaveAttribute('data-hydrated', /.*/);
    });
  }
});

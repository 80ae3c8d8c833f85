// Every public page with JavaScript off: it reads fully, its links work, and the contact form is
// sent the plain way (the server validates it with the same schema and messages).
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, staffApi, test } from './fixtures';

// The 404 page and a refused form answer with their status (the browser logs it).
test.use({ javaScriptEnabled: false, allowConsoleErrors: ['status of 404', 'status of 422'] });

const SITE = 'Northpaw Studio';
const ERRORS = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Invalid email address',
  subject: 'Subject is required',
  message: 'Message must be at least 10 characters',
};
const FIELDS = Object.keys(ERRORS) as (keyof typeof ERRORS)[];

const form = (page: Page) => page.getByRole('region', { name: 'Send a Message' });
const field = (page: Page, name: keyof typeof ERRORS) => form(page).locator(`#${name}`);

/**
 * Axe runs as a script in the page: it checks the same HTML, as the server sent it, in a page of
 * its own where scripts may run (nothing is hydrated there without an interaction).
 */
async function expectAccessibleHtml(page: Page, browser: Browser) {
  const html = await page.content();
  const url = page.url().split('#')[0]!;
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await copy.goto(url);
    await expectAccessible(copy);
  } finally {
    await context.close();
  }
}

/** Sends the form the plain way and waits for the page the server answers with. */
async function send(page: Page): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/contact'),
    form(page).getByRole('button', { name: 'Send Message' }).click(),
  ]);
  await page.waitForLoadState();
  return response.status();
}

test.describe('each public page reads fully without JavaScript', () => {
  test('content, footer and a working link on every page', async ({ page, request }) => {
    const post = (await (await request.get('/api/blogs/1')).json()) as { title: string; content: string };
    const pages: { path: string; heading: string; content: (p: Page) => Promise<void> }[] = [
      {
        path: '/',
        heading: 'Small games, made with care',
        content: async (p) => await expect(p.getByTestId('app-card')).toHaveCount(6),
      },
      {
        path: '/about',
        heading: `About ${SITE}`,
        content: async (p) => await expect(p.getByRole('heading', { name: 'Our mission' })).toBeVisible(),
      },
      {
        path: '/contact',
        heading: 'Contact Us',
        content: async (p) => await expect(p.getByRole('link', { name: 'hello@northpaw.studio' })).toBeVisible(),
      },
      {
        path: '/privacy',
        heading: 'Privacy Policy',
        content: async (p) => await expect(p.getByText(/^Last updated: /)).toBeVisible(),
      },
      {
        path: '/apps/1/blogs',
        heading: 'Lantern Drift',
        content: async (p) => await expect(p.getByRole('link', { name: /^Read More: / }).first()).toBeVisible(),
      },
      {
        path: '/blogs/1',
        heading: post.title,
        content: async (p) => await expect(p.locator('main article .rich-text p').first()).toBeVisible(),
      },
      {
        path: '/no-such-page',
        heading: '404 Page Not Found',
        content: async (p) => await expect(p.getByRole('link', { name: 'Back to home' })).toBeVisible(),
      },
    ];
    for (const { path, heading, content } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await content(page);
      await expect(page.getByRole('contentinfo')).toContainText(SITE);
      // No script ran: nothing was hydrated.
      await expect(page.locator('studio-island[data-hydrated]')).toHaveCount(0);
      // A link to another page works.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(page).toHaveURL('/privacy');
    }
  });

  test('small screens get the links inline; buttons that need script are not shown', async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main (no script)' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeHidden();
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expectAccessibleHtml(page, browser);
  });
});

test.describe('the contact form without JavaScript', () => {
  test('an empty form comes back with every message next to its field', async ({ page, browser }) => {
    await page.goto('/contact');
    expect(await send(page)).toBe(422);
    await expect(page).toHaveURL('/contact#send-title');
    for (const name of FIELDS) {
      await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator(`#${name}-error`)).toHaveText(ERRORS[name]);
      await expect(field(page, name)).toHaveAttribute('aria-describedby', `${name}-error`);
    }
    await expectAccessibleHtml(page, browser);
  });

  test('a form with one wrong field keeps the values and marks only that field', async ({ page }) => {
    await page.goto('/contact');
    const values = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@',
      subject: 'Compilers',
      message: 'A message long enough to pass.',
    };
    for (const name of FIELDS) await field(page, name).fill(values[name]);
    expect(await send(page)).toBe(422);
    for (const name of FIELDS) await expect(field(page, name)).toHaveValue(values[name]);
    await expect(page.locator('#email-error')).toHaveText(ERRORS.email);
    await expect(form(page).getByRole('alert')).toHaveCount(1);
    await expect(field(page, 'firstName')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a valid form is sent once and the page says so', async ({ page, request, browser }) => {
    const subject = `No-JS ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await page.goto('/contact');
    const values = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subject,
      message: 'Sent from a browser with JavaScript turned off.',
    };
    for (const name of FIELDS) await field(page, name).fill(values[name]);
    expect(await send(page)).toBe(303);
    await expect(page).toHaveURL('/contact?sent=1#send-title');
    const notice = form(page).getByRole('status');
    await expect(notice).toContainText('Message sent');
    await expect(notice).toContainText("Thank you for your message. We'll get back to you soon.");
    // The form is empty again.
    for (const name of FIELDS) await expect(field(page, name)).toHaveValue('');
    await expectAccessibleHtml(page, browser);

    const staff = await staffApi(request);
    const messages = (await (await staff.get('/api/messages')).json()) as { subject: string; email: string }[];
    const arrived = messages.filter((m) => m.subject === subject);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.email).toBe('ada@example.com');
  });
});

// The public site with JavaScript switched off (SPEC: server-rendered pages that work without
// JavaScript): every page's content, links that lead on, the inline nav small screens get instead of
// the slide-out menu, and the contact form as a plain POST (errors next to the fields, values kept,
// a notice once sent, the message stored once).
import type { Browser, Locator, Page } from '@playwright/test';
import { ERRORS, FIELDS, type FieldName, type Values } from './contact-form';
import { expect, expectAccessible, staffApi, test } from './fixtures';

test.use({ javaScriptEnabled: false });

const SITE = 'Northpaw Studio';
const LANTERN_DRIFT = 1;
const FIRST_POST = 1;
/** What Chromium logs for a document answered with 404 (expected on the not-found page). */
const NOT_FOUND_LOG = 'the server responded with a status of 404';
const NAV = ['Home', 'Blog', 'About Us', 'Contact', 'Privacy Policy'];
/** Where a sent form lands (a fragment may bring the reader back to the form). */
const SENT_URL = /\/contact\?sent=1(#[\w-]+)?$/;
const EMPTY: Values = { firstName: '', lastName: '', email: '', subject: '', message: '' };

interface Post {
  id: number;
  title: string;
}

const footer = (page: Page) => page.getByRole('contentinfo');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });
const noScriptNav = (page: Page) => page.getByRole('navigation', { name: 'Main (no script)' });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** A unique tag, so a stored message can be found again. */
const uniqueTag = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

interface PublicPage {
  path: string;
  status: number;
  heading: string;
  /** The content a reader comes for. */
  content: (page: Page) => Promise<void>;
  /** A link on the page and where it leads (heading of the next page). */
  follow: (page: Page) => { link: Locator; url: string | RegExp; heading: string };
}

const PAGES: PublicPage[] = [
  {
    path: '/',
    status: 200,
    heading: 'Small games, made with care',
    content: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Featured Games' })).toBeVisible();
      await expect(page.getByTestId('app-card')).toHaveCount(6);
      for (const title of ['Lantern Drift', 'Tidepool Tactics', 'Moss & Bolt', 'Pocket Orchard', 'Brightlist']) {
        await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
      }
      // The pictures are plain <img>/<picture> markup: they load without a script.
      const shot = page.getByRole('img', { name: 'Screenshot of Lantern Drift' });
      await expect
        .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    },
    follow: (page) => ({
      link: page
        .getByTestId('app-card')
        .filter({ has: page.getByRole('heading', { level: 3, name: 'Lantern Drift', exact: true }) })
        .getByRole('link', { name: 'Blog posts' }),
      url: `/apps/${LANTERN_DRIFT}/blogs`,
      heading: 'Lantern Drift',
    }),
  },
  {
    path: '/about',
    status: 200,
    heading: 'About Northpaw Studio',
    content: async (page) => {
      const article = page.locator('main article');
      await expect(article.getByRole('heading', { level: 2 })).toHaveText([
        'Our mission',
        'The team',
        'How we make games',
      ]);
      await expect(article.getByText(/four-person independent studio in Bristol/)).toBeVisible();
      await expect(article.getByText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
    },
    follow: (page) => ({
      link: footer(page).getByRole('link', { name: 'Privacy Policy' }),
      url: '/privacy',
      heading: 'Privacy Policy',
    }),
  },
  {
    path: '/contact',
    status: 200,
    heading: 'Contact Us',
    content: async (page) => {
      const info = page.getByRole('complementary', { name: 'Contact Information' });
      await expect(info.getByRole('link', { name: 'hello@northpaw.studio' })).toHaveAttribute(
        'href',
        'mailto:hello@northpaw.studio',
      );
      await expect(info).toContainText('Bristol, United Kingdom');
      const form = page.getByRole('region', { name: 'Send a Message' });
      for (const label of ['First name', 'Last name', 'Email', 'Subject', 'Message']) {
        await expect(form.getByLabel(label, { exact: true })).toBeVisible();
      }
      await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();
      await expect(form.locator('form')).toHaveAttribute('method', 'post');
      // A plain POST to the contact page (the fragment brings the reader back to the form).
      await expect(form.locator('form')).toHaveAttribute('action', /^\/contact(#[\w-]+)?$/);
    },
    follow: (page) => ({
      link: footer(page).getByRole('link', { name: 'Home' }),
      url: '/',
      heading: 'Small games, made with care',
    }),
  },
  {
    path: '/privacy',
    status: 200,
    heading: 'Privacy Policy',
    content: async (page) => {
      const main = page.getByRole('main');
      await expect(main.locator('h1 + p')).toHaveText(/^Last updated: \d{1,2} [A-Z][a-z]+ \d{4}$/);
      await expect(main.getByRole('heading', { level: 2 })).toHaveText([
        'Information we collect',
        'How we use it',
        'Analytics',
        'Children',
        'Your rights',
        'Contact us',
        // After the policy: the visitor's own switch for the site's analytics (issue 27).
        'Counting your visits',
      ]);
    },
    follow: (page) => ({
      link: footer(page).getByRole('link', { name: 'Contact' }),
      url: '/contact',
      heading: 'Contact Us',
    }),
  },
  {
    path: `/apps/${LANTERN_DRIFT}/blogs`,
    status: 200,
    heading: 'Lantern Drift',
    content: async (page) => {
      const posts = (await (await page.request.get(`/api/apps/${LANTERN_DRIFT}/blogs`)).json()) as Post[];
      expect(posts.length).toBeGreaterThanOrEqual(2);
      await expect(page.getByRole('article')).toHaveCount(posts.length);
      for (const post of posts) {
        const card = page
          .getByRole('article')
          .filter({ has: page.getByRole('heading', { level: 3, name: post.title, exact: true }) });
        await expect(card).toBeVisible();
        await expect(card.getByRole('link', { name: /^Read More/ })).toHaveAttribute('href', `/blogs/${post.id}`);
        // The date as the server writes it (the script that localises it does not run).
        await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      }
    },
    follow: (page) => ({
      link: page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { level: 3, name: 'Lantern Drift 1.0 is out now', exact: true }) })
        .getByRole('link', { name: /^Read More/ }),
      url: `/blogs/${FIRST_POST}`,
      heading: 'Lantern Drift 1.0 is out now',
    }),
  },
  {
    path: `/blogs/${FIRST_POST}`,
    status: 200,
    heading: 'Lantern Drift 1.0 is out now',
    content: async (page) => {
      const main = page.getByRole('main');
      await expect(main.getByText(/After fourteen months of prototypes/)).toBeVisible();
      await expect(main.getByRole('heading', { level: 2 })).toHaveText([
        "What's in the box",
        'One purchase, the whole river',
        // Issue 26: the newsletter's sign-up under a post of a released app.
        'Get our news by email',
      ]);
      await expect(main.getByRole('heading', { level: 3, name: 'Known issues' })).toBeVisible();
      await expect(main.getByRole('listitem')).toHaveCount(4);
      await expect(main.locator('time').first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    },
    follow: (page) => ({
      link: page.getByRole('link', { name: 'Back to Lantern Drift Blog' }),
      url: `/apps/${LANTERN_DRIFT}/blogs`,
      heading: 'Lantern Drift',
    }),
  },
  {
    path: '/no/such-page',
    status: 404,
    heading: '404 Page Not Found',
    content: async (page) => {
      await expect(page.getByText(/Did you forget to add the page to the router\?/).locator('code')).toHaveText(
        '/no/such-page',
      );
    },
    follow: (page) => ({
      link: page.getByRole('link', { name: 'Back to home' }),
      url: '/',
      heading: 'Small games, made with care',
    }),
  },
];

/**
 * Axe runs as a script in the page, which hangs with scripts off. So it checks the page as this
 * browser shows it without scripts, in a page of its own where only axe runs: the same HTML with
 * its <noscript> content in force (the inline nav, the style hiding the script-only buttons) and
 * the page's own scripts left out.
 */
async function expectAccessibleWithoutScript(page: Page, browser: Browser) {
  const html = (await page.content())
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    .replace(/<\/?noscript>/gi, '');
  expect(html).not.toContain('type="module"');
  const url = page.url().split('#')[0]!;
  // Scripts on explicitly: a context made in a test inherits the file's options.
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    await copy.goto(url);
    // The copy renders like the original: no-script style in force, errors or notice shown.
    await expect(copy.locator('studio-island[data-island="theme-menu"]')).toBeHidden();
    await expectAccessible(copy);
  } finally {
    await context.close();
  }
}

async function expectFooter(page: Page) {
  const f = footer(page);
  await expect(f.getByText(SITE, { exact: true })).toBeVisible();
  await expect(f.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveText([
    'Home',
    'Blog',
    'Contact',
    'Privacy Policy',
    'Press kit',
  ]);
  await expect(f.getByText(/^© \d{4} Northpaw Studio\. All rights reserved\.$/)).toBeVisible();
}

/** The buttons that need JavaScript are not offered; the noscript style hides them. */
async function expectNoScriptButtons(page: Page) {
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Toggle theme' })).toHaveCount(0);
  // They are in the markup (for when scripts run), just not rendered.
  await expect(page.locator('studio-island[data-island="mobile-menu"] button[aria-haspopup="dialog"]')).toBeHidden();
  await expect(page.locator('studio-island[data-island="theme-menu"] button[aria-haspopup="menu"]')).toBeHidden();
}

test.describe('public pages without JavaScript', () => {
  test.use({ allowConsoleErrors: [NOT_FOUND_LOG] });

  test('scripts really are off in these tests', async ({ page }) => {
    await page.goto('/');
    // The inline noscript style applies, which it would not if scripts ran.
    await expect(page.locator('studio-island[data-island="theme-menu"]')).toBeHidden();
    // The inline nav inside <noscript> is parsed as markup (with scripts on it would be text).
    await expect(page.locator('nav[aria-label="Main (no script)"]')).toHaveCount(1);
  });

  for (const item of PAGES) {
    test(`${item.path}: content, footer and a working link (desktop)`, async ({ page }) => {
      const res = await page.goto(item.path);
      expect(res?.status()).toBe(item.status);
      await expect(h1(page)).toHaveText(item.heading);
      await item.content(page);
      await expectFooter(page);

      // Desktop: the usual nav, and the inline no-script nav stays out of the way.
      await expect(mainNav(page)).toBeVisible();
      await expect(mainNav(page).getByRole('link')).toHaveText(NAV);
      await expect(noScriptNav(page)).toBeHidden();
      await expectNoScriptButtons(page);

      const next = item.follow(page);
      await next.link.click();
      await expect(page).toHaveURL(next.url);
      await expect(h1(page)).toHaveText(next.heading);
    });
  }

  test.describe('small screens', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    for (const item of PAGES) {
      test(`${item.path}: inline nav instead of the menu button (390x844)`, async ({ page }) => {
        const res = await page.goto(item.path);
        expect(res?.status()).toBe(item.status);
        await expect(h1(page)).toHaveText(item.heading);
        await item.content(page);
        await expectFooter(page);

        await expect(mainNav(page)).toBeHidden();
        const nav = noScriptNav(page);
        await expect(nav).toBeVisible();
        await expect(nav.getByRole('link')).toHaveText(NAV);
        for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport();
        await expectNoScriptButtons(page);

        // The inline nav leads on (to About, or from About to Contact).
        const go =
          item.path === '/about'
            ? { name: 'Contact', url: '/contact', heading: 'Contact Us' }
            : { name: 'About Us', url: '/about', heading: 'About Northpaw Studio' };
        await nav.getByRole('link', { name: go.name, exact: true }).click();
        await expect(page).toHaveURL(go.url);
        await expect(h1(page)).toHaveText(go.heading);
        await expect(noScriptNav(page)).toBeVisible();
      });
    }
  });
});

test.describe('contact form without JavaScript', () => {
  // A refused form is answered with 422 (the browser logs the status).
  test.use({ allowConsoleErrors: ['the server responded with a status of 422'] });

  const form = (page: Page) => page.getByRole('region', { name: 'Send a Message' });
  const field = (page: Page, name: FieldName) => form(page).locator(`#${name}`);
  const sendButton = (page: Page) => form(page).getByRole('button', { name: 'Send Message' });

  async function fill(page: Page, values: Values) {
    for (const name of FIELDS) await field(page, name).fill(values[name]);
  }

  /** Clicks Send Message and returns the answer to the plain POST /contact. */
  async function submit(page: Page) {
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/contact',
    );
    await sendButton(page).click();
    const res = await answer;
    await page.waitForLoadState('load');
    return res;
  }

  async function expectFieldError(page: Page, name: FieldName, message: string | null) {
    if (message === null) {
      await expect(form(page).locator(`#${name}-error`)).toHaveCount(0);
      await expect(field(page, name)).not.toHaveAttribute('aria-invalid', /.*/);
      await expect(field(page, name)).not.toHaveAttribute('aria-describedby', /.*/);
      return;
    }
    // Right after its field, named by it.
    await expect(form(page).locator(`#${name} + #${name}-error`)).toHaveText(message);
    await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, name)).toHaveAttribute('aria-describedby', `${name}-error`);
    await expect(field(page, name)).toHaveAccessibleDescription(message);
  }

  async function storedWithSubject(request: Parameters<typeof staffApi>[0], subject: string) {
    const staff = await staffApi(request);
    const list = await staff.get('/api/messages');
    expect(list.status()).toBe(200);
    const messages = (await list.json()) as (Values & { id: number; isRead: boolean })[];
    return { staff, stored: messages.filter((m) => m.subject === subject) };
  }

  test('empty, then partly wrong, then right: errors by the fields, values kept, sent once', async ({
    page,
    request,
    browser,
  }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await page.goto('/contact');
    await expect(form(page).getByRole('heading', { name: 'Send a Message' })).toBeVisible();
    for (const text of Object.values(ERRORS)) await expect(page.getByText(text)).toHaveCount(0);

    // 1. Empty: the server answers 422 with every required message next to its field.
    const empty = await submit(page);
    expect(empty.status()).toBe(422);
    await expect(page).toHaveURL(/\/contact(#[\w-]+)?$/);
    await expect(h1(page)).toHaveText('Contact Us');
    for (const name of FIELDS) await expectFieldError(page, name, ERRORS[name]);
    await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toHaveCount(0);
    await expectAccessibleWithoutScript(page, browser);

    // 2. Some right, some wrong: the values come back, errors only where wrong.
    const wrongTag = uniqueTag('nojs-wrong');
    const partly: Values = {
      firstName: 'Ada',
      lastName: '',
      email: 'ada.example.com',
      subject: `E2E ${wrongTag}`,
      message: 'too short',
    };
    await fill(page, partly);
    const wrong = await submit(page);
    expect(wrong.status()).toBe(422);
    for (const name of FIELDS) await expect(field(page, name)).toHaveValue(partly[name]);
    await expectFieldError(page, 'firstName', null);
    await expectFieldError(page, 'lastName', ERRORS.lastName);
    await expectFieldError(page, 'email', ERRORS.email);
    await expectFieldError(page, 'subject', null);
    await expectFieldError(page, 'message', ERRORS.message);

    // 3. Right: 303 to the notice.
    const tag = uniqueTag('nojs-sent');
    const values: Values = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subject: `E2E ${tag}`,
      message: `Sent without JavaScript (${tag}). The lanterns are lovely.`,
    };
    await fill(page, values);
    const sent = await submit(page);
    expect(sent.status()).toBe(303);
    expect(sent.headers()['location']).toMatch(/^\/contact\?sent=1(#[\w-]+)?$/);
    await expect(page).toHaveURL(SENT_URL);
    const notice = form(page).getByRole('status');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Message sent');
    await expect(notice).toContainText("Thank you for your message. We'll get back to you soon.");
    // A fresh form, no errors.
    for (const name of FIELDS) await expect(field(page, name)).toHaveValue(EMPTY[name]);
    for (const text of Object.values(ERRORS)) await expect(page.getByText(text)).toHaveCount(0);
    await expectAccessibleWithoutScript(page, browser);

    // Three plain POSTs, none to the API from the browser.
    expect(posts).toEqual(['/contact', '/contact', '/contact']);

    // Exactly that message reached staff; the refused one did not.
    const { staff, stored } = await storedWithSubject(request, values.subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...values, isRead: false });
    const { stored: refused } = await storedWithSubject(request, partly.subject);
    expect(refused).toHaveLength(0);
    expect((await staff.delete(`/api/messages/${stored[0]!.id}`)).status()).toBe(200);
  });

  test('reloading the notice page does not send again', async ({ page, request }) => {
    const tag = uniqueTag('nojs-reload');
    const values: Values = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      subject: `E2E ${tag}`,
      message: `Sent once only (${tag}), even after a reload.`,
    };
    await page.goto('/contact');
    await fill(page, values);
    expect((await submit(page)).status()).toBe(303);
    await expect(page).toHaveURL(SENT_URL);
    // The 303 made the notice a GET: a reload asks for the page again, not the POST.
    const reload = await page.reload();
    expect(reload?.request().method()).toBe('GET');
    await expect(form(page).getByRole('status')).toContainText('Message sent');

    const { staff, stored } = await storedWithSubject(request, values.subject);
    expect(stored).toHaveLength(1);
    expect((await staff.delete(`/api/messages/${stored[0]!.id}`)).status()).toBe(200);
  });
});

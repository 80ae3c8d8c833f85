// App blog lists and single posts (SPEC §2 "App blog list", "Single post"; §9 dates).
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { expect, isAnalyticsBeacon, staffApi, test } from './fixtures';

interface App {
  id: number;
  title: string;
  description: string;
  icon: string;
  screenshots: string[];
}
interface Post {
  id: number;
  appId: number;
  title: string;
  content: string;
  images: string[];
  isPublished: boolean;
  publishedAt: string | null;
}

const LANTERN_DRIFT = 1;
const POCKET_ORCHARD = 4; // has the demo draft
const QUIET_HOURS = 6; // no posts
/** What Chromium logs for a document answered with 404 (expected on not-found pages). */
const NOT_FOUND_LOG = 'the server responded with a status of 404 (Not Found)';
const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** Text of an HTML fragment with all white space removed (for prefix comparisons). */
function compactText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&(#39|#x27|apos);/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, '');
}

/** The post as the visitor's browser formats its date (locale and time zone of the page). */
const localDate = (page: Page, iso: string) =>
  page.evaluate(
    ([value, options]) =>
      new Date(value as string).toLocaleDateString(undefined, options as Intl.DateTimeFormatOptions),
    [iso, DATE_OPTIONS] as const,
  );

const postCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test.describe('app blog list', () => {
  test('Lantern Drift: app header and every published post with date, excerpt, Read More and badge', async ({
    page,
    request,
  }) => {
    const app = await getJson<App>(request, `/api/apps/${LANTERN_DRIFT}`);
    const posts = await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`);
    expect(posts.length).toBeGreaterThanOrEqual(2);

    const res = await page.goto(`/apps/${LANTERN_DRIFT}/blogs`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(app.title);
    await expect(page.getByText(app.description, { exact: true })).toBeVisible();
    const icon = page.getByRole('img', { name: `${app.title} icon` });
    await expect(icon).toHaveAttribute('src', app.icon);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await expect(page.getByRole('article')).toHaveCount(posts.length);
    for (const post of posts) {
      const card = postCard(page, post.title);
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('link', { name: post.title, exact: true })).toHaveAttribute(
        'href',
        `/blogs/${post.id}`,
      );
      // Seen as "Read More"; its own text names the post (for screen readers and search engines).
      const readMore = card.getByRole('link', { name: `Read More: ${post.title}`, exact: true });
      await expect(readMore.locator('span[aria-hidden="true"]')).toHaveText('Read More');
      await expect(readMore).toContainText(`Read More: ${post.title}`);
      await expect(readMore).toHaveAttribute('href', `/blogs/${post.id}`);
      await expect(card.getByText('Published', { exact: true })).toBeVisible();
      await expect(card.getByText('Draft', { exact: true })).toHaveCount(0);

      const time = card.locator('time');
      await expect(time).toHaveAttribute('datetime', post.publishedAt!);
      await expect(time).toHaveText(await localDate(page, post.publishedAt!));

      // The excerpt: plain text of the post, at most 200 characters, with '...' when cut.
      const text = (await card.locator('p').first().textContent()) ?? '';
      expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(text).not.toMatch(/&(amp|lt|gt|quot|#39);/);
      const full = compactText(post.content);
      expect(full.length).toBeGreaterThan(200);
      expect(text.endsWith('...')).toBe(true);
      const body = text.slice(0, -3);
      expect(body.length).toBeLessThanOrEqual(200);
      expect(body.length).toBeGreaterThan(150);
      expect(full.startsWith(body.replace(/\s+/g, ''))).toBe(true);
    }
  });

  test('a short post shows its whole plain text without an ellipsis', async ({ page, request }) => {
    const staff = await staffApi(request);
    const title = `E2E short post ${Date.now()}`;
    const created = await staff.post('/api/admin/blogs', {
      data: {
        appId: LANTERN_DRIFT,
        title,
        content: '<p>A <em>short</em> note &amp; <strong>nothing</strong> more.</p>',
        images: [],
        isPublished: true,
      },
    });
    expect(created.status()).toBe(201);
    const post = (await created.json()) as Post;
    try {
      await page.goto(`/apps/${LANTERN_DRIFT}/blogs`);
      const card = postCard(page, title);
      await expect(card.locator('p').first()).toHaveText('A short note & nothing more.', { useInnerText: true });
      await expect(card.getByText('Published', { exact: true })).toBeVisible();
    } finally {
      expect((await staff.delete(`/api/admin/blogs/${post.id}`)).status()).toBe(200);
    }
  });

  test.describe('drafts', () => {
    // The browser logs the 404 of the draft's own page.
    test.use({ allowConsoleErrors: [NOT_FOUND_LOG] });
    test('the draft is hidden from visitors and shown with a Draft badge to a signed-in admin', async ({
      page,
      request,
    }) => {
      const staff = await staffApi(request);
      const all = await getJson<Post[]>(staff, '/api/admin/blogs');
      const draft = all.find((p) => p.appId === POCKET_ORCHARD && !p.isPublished);
      const published = all.filter((p) => p.appId === POCKET_ORCHARD && p.isPublished);
      expect(draft, 'the demo data has a draft for Pocket Orchard').toBeTruthy();
      expect(published.length).toBeGreaterThan(0);

      // Visitor: only the published posts, and the draft's own page is not found.
      await page.goto(`/apps/${POCKET_ORCHARD}/blogs`);
      await expect(page.getByRole('article')).toHaveCount(published.length);
      await expect(page.getByText(draft!.title)).toHaveCount(0);
      await expect(page.getByText('Draft', { exact: true })).toHaveCount(0);
      const hidden = await page.goto(`/blogs/${draft!.id}`);
      expect(hidden?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Post Not Found');

      // Admin (the page shares the cookie): the draft is listed with its badge and no date.
      const login = await page.request.post('/api/admin/login', { data: E2E_ADMIN });
      expect(login.status()).toBe(200);
      await page.goto(`/apps/${POCKET_ORCHARD}/blogs`);
      await expect(page.getByRole('article')).toHaveCount(published.length + 1);
      const card = postCard(page, draft!.title);
      await expect(card.getByText('Draft', { exact: true })).toBeVisible();
      await expect(card.getByText('Published', { exact: true })).toHaveCount(0);
      await expect(card.locator('time')).toHaveCount(0);
      for (const p of published)
        await expect(postCard(page, p.title).getByText('Published', { exact: true })).toBeVisible();
    });
  });

  test('an app without posts says so', async ({ page, request }) => {
    const app = await getJson<App>(request, `/api/apps/${QUIET_HOURS}`);
    expect(await getJson<Post[]>(request, `/api/apps/${QUIET_HOURS}/blogs`)).toEqual([]);
    const res = await page.goto(`/apps/${QUIET_HOURS}/blogs`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(app.title);
    await expect(page.getByText('No blog posts yet', { exact: true })).toBeVisible();
    await expect(page.getByText(`Check back later for updates about ${app.title}`)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  test.describe('not found', () => {
    test.use({ allowConsoleErrors: [NOT_FOUND_LOG] });
    test('a missing app answers 404 with App Not Found and a link home', async ({ page }) => {
      const res = await page.goto('/apps/999/blogs');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('App Not Found');
      const home = page.getByRole('main').getByRole('link', { name: 'Back to Home' });
      await expect(home).toHaveAttribute('href', '/');
      await home.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('app-card').first()).toBeVisible();
    });

    test('a non-numeric app id shows App Not Found without asking the API', async ({ page }) => {
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/') && !isAnalyticsBeacon(r)) apiCalls.push(r.url());
      });
      const res = await page.goto('/apps/abc/blogs');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('App Not Found');
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('App Not Found');
      expect(apiCalls).toEqual([]);
    });
  });
});

test.describe('single blog post', () => {
  test('shows back links, the app, title, date, badge, HTML body and the gallery', async ({ page, request }) => {
    const posts = await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`);
    const post = posts.find((p) => p.images.length >= 2)!;
    expect(post, 'a Lantern Drift post with images').toBeTruthy();
    const app = await getJson<App>(request, `/api/apps/${post.appId}`);

    const res = await page.goto(`/blogs/${post.id}`);
    expect(res?.status()).toBe(200);
    const back = page.getByRole('navigation', { name: 'Back' });
    await expect(back.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(back.getByRole('link', { name: `Back to ${app.title} Blog` })).toHaveAttribute(
      'href',
      `/apps/${app.id}/blogs`,
    );

    const article = page.getByRole('main').getByRole('article');
    const appLink = article.getByRole('link', { name: app.title, exact: true });
    await expect(appLink).toHaveAttribute('href', `/apps/${app.id}/blogs`);
    await expect(appLink.locator('img')).toHaveAttribute('src', app.icon);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(article.locator('time')).toHaveAttribute('datetime', post.publishedAt!);
    await expect(article.locator('time')).toHaveText(await localDate(page, post.publishedAt!));
    await expect(article.getByText('Published', { exact: true })).toBeVisible();

    // The body is rendered as HTML, not as escaped text.
    await expect(article.getByRole('heading', { level: 2, name: 'Finding the right lantern' })).toBeVisible();
    await expect(article.getByRole('heading', { level: 3, name: 'Before and after' })).toBeVisible();
    await expect(article.locator('ol > li')).toHaveCount(3);
    await expect(article.locator('em')).toHaveText('It is not.');
    await expect(article.locator('strong').first()).toHaveText('Lantern Drift');
    await expect(article).not.toContainText('<p>');

    const gallery = page.getByRole('region', { name: 'Gallery' });
    await expect(gallery.getByRole('heading', { level: 2 })).toHaveText('Gallery');
    const images = gallery.getByRole('img');
    await expect(images).toHaveCount(post.images.length);
    for (const [i, src] of post.images.entries()) {
      const img = images.nth(i);
      await expect(img).toHaveAttribute('src', src);
      // The demo gallery reuses uploaded app screenshots: their alt text comes from the media library.
      await expect(img).toHaveAccessibleName(/^Screenshot of \S/);
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
  });

  test('a post without images has no gallery', async ({ page, request }) => {
    const posts = await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`);
    const post = posts.find((p) => p.images.length === 0)!;
    await page.goto(`/blogs/${post.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(page.getByRole('heading', { name: 'Gallery' })).toHaveCount(0);
  });

  test.describe('not found', () => {
    test.use({ allowConsoleErrors: [NOT_FOUND_LOG] });
    test('a missing post answers 404 with Blog Post Not Found', async ({ page }) => {
      const res = await page.goto('/blogs/9999');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Post Not Found');
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    });
  });

  test('Read More navigates from the list to the post', async ({ page, request }) => {
    const posts = await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`);
    const post = posts[0]!;
    // Pages are complete server HTML: the browser never reads the API to show one.
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/') && !isAnalyticsBeacon(r)) apiCalls.push(r.url());
    });
    await page.goto(`/apps/${LANTERN_DRIFT}/blogs`);
    // A marker on the list's window: gone after the click if the post came as a new document.
    await page.evaluate(() => ((window as unknown as { __listPage: boolean }).__listPage = true));

    // Clicked at once: a plain link needs no script to be ready.
    await postCard(page, post.title)
      .getByRole('link', { name: /^Read More/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/blogs/${post.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(
      page.getByRole('navigation', { name: 'Back' }).getByRole('link', { name: 'Back to Lantern Drift Blog' }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));
    expect(await page.evaluate(() => (window as unknown as { __listPage?: boolean }).__listPage)).toBeUndefined();

    // And back again with the browser's back button.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/apps/${LANTERN_DRIFT}/blogs$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lantern Drift');
    await expect(page.getByRole('article')).toHaveCount(posts.length);
    expect(apiCalls).toEqual([]);
  });
});

test.describe('blog dates in the visitor time zone', () => {
  test('a visitor on another calendar day than the server sees the date in their time zone, without errors', async ({
    browser,
    request,
    baseURL,
  }) => {
    const post = (await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`))[0]!;
    const serverDay = new Date(post.publishedAt!).toLocaleDateString('en-US', DATE_OPTIONS);
    // These two zones are 25 hours apart, so at least one of them is on another day than the server.
    const timezoneId = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (tz) => new Date(post.publishedAt!).toLocaleDateString('en-US', { ...DATE_OPTIONS, timeZone: tz }) !== serverDay,
    )!;
    const context = await browser.newContext({ baseURL, timezoneId, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      for (const url of [`/apps/${LANTERN_DRIFT}/blogs`, `/blogs/${post.id}`]) {
        await page.goto(url);
        // The server writes the date in UTC; the page's script rewrites it in the visitor's zone.
        const time = page.locator(`time[datetime="${post.publishedAt}"]`);
        await expect(time).toHaveText(
          new Date(post.publishedAt!).toLocaleDateString('en-US', { ...DATE_OPTIONS, timeZone: timezoneId }),
        );
      }
      expect(errors, 'console errors').toEqual([]);
    } finally {
      await context.close();
    }
  });

  test.describe('in another locale', () => {
    test.use({ locale: 'en-GB' });
    test('dates switch to the visitor locale once the page script runs, without errors', async ({ page, request }) => {
      const post = (await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`))[0]!;
      await page.goto(`/blogs/${post.id}`);
      const expected = await localDate(page, post.publishedAt!);
      // en-GB puts the day first: "18 August 2026".
      expect(expected).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
      await expect(page.getByRole('main').locator('time')).toHaveText(expected);
    });
  });
});

// The blog index and shared drafts (issue 12): /blog across the apps, its app filter and pages,
// posts opened by their readable address, and a draft's secret preview link opened signed out.
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminBlogPost } from '../../src/shared/schemas/blog-posts';
import { requestFactories, unique, type Factories } from '../factories';
import { expect, expectAccessible, staffApi, test } from './fixtures';

const THEME_KEY = 'vite-ui-theme';
const APP_TITLE = unique('Index Test Orbit');
const POSTS = 11;

let staff: APIRequestContext;
let make: Factories;
let appId: number;
let posts: AdminBlogPost[] = [];

// An app of its own with more than one page of posts, removed afterwards (with its posts), so the
// other specs find the demo content as it was.
test.beforeAll(async ({ playwright, baseURL }) => {
  staff = await staffApi(await playwright.request.newContext({ baseURL }));
  make = requestFactories(staff);
  appId = (await make.makeApp({ title: APP_TITLE })).id;
  // The newest posts of all (a little in the past, as publish dates must be).
  const start = Date.now() - 60_000;
  posts = [];
  for (let i = 1; i <= POSTS; i++) {
    posts.push(
      await make.makePost(appId, {
        title: `Orbit devlog ${i}`,
        content: `<p>Orbit devlog ${i}: what we changed this week, and why it makes the puzzles kinder.</p>`,
        isPublished: true,
        publishAt: new Date(start + i * 4_000).toISOString(),
        excerpt: i === POSTS ? 'The newest orbit devlog, in one line.' : '',
      }),
    );
  }
});

test.afterAll(async () => {
  if (appId) expect((await staff.delete(`/api/apps/${appId}`)).status()).toBe(200);
  await staff.dispose();
});

const articles = (page: Page) => page.getByRole('main').getByRole('article');

test('the blog index: every app, filter by one, page through, open a post by its readable address', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The newest posts first, whichever app they belong to: ours are the newest.
  await expect(articles(page)).toHaveCount(10);
  await expect(articles(page).first().getByRole('heading')).toHaveText(`Orbit devlog ${POSTS}`);
  await expect(articles(page).first()).toContainText(APP_TITLE);
  await expect(articles(page).first()).toContainText('The newest orbit devlog, in one line.');
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]').first()).toHaveAttribute(
    'href',
    /\/blog\/rss\.xml$/,
  );
  await expectAccessible(page);

  // Filter by our app.
  const filter = page.getByRole('navigation', { name: 'Filter by app' });
  await filter.getByRole('link', { name: new RegExp(`^${APP_TITLE}`) }).click();
  await expect(page).toHaveURL(`/blog?app=${appId}`);
  await expect(filter.getByRole('link', { name: new RegExp(`^${APP_TITLE}`) })).toHaveAttribute('aria-current', 'page');
  await expect(articles(page)).toHaveCount(10);
  for (const article of await articles(page).all()) await expect(article).toContainText(APP_TITLE);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // Page 2 of the filtered list, and back.
  const paging = page.getByRole('navigation', { name: 'Pagination' });
  await paging.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(`/blog?app=${appId}&page=2`);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(articles(page)).toHaveCount(1);
  await expect(articles(page).getByRole('heading')).toHaveText('Orbit devlog 1');
  await expect(paging.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  await paging.getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(`/blog?app=${appId}`);
  await paging.getByRole('link', { name: 'Next page' }).click();

  // The post, at its readable address.
  const oldest = posts[0]!;
  await articles(page).getByRole('link', { name: 'Orbit devlog 1', exact: true }).click();
  await expect(page).toHaveURL(`/blogs/${oldest.id}/${oldest.slug}`);
  expect(oldest.slug).toBe('orbit-devlog-1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orbit devlog 1');
});

test.describe('page past the last', () => {
  test.use({ allowConsoleErrors: ['the server responded with a status of 404 (Not Found)'] });
  test('is a not-found page with a way back', async ({ page }) => {
    const res = await page.goto(`/blog?app=${appId}&page=3`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL('/blog');
  });
});

test.describe('a shared draft', () => {
  test.use({ allowConsoleErrors: ['the server responded with a status of 404 (Not Found)'] });

  test('opens signed out, with its banner, until the link is revoked', async ({ browser, baseURL }) => {
    const draft = await make.makePost(appId, {
      title: 'Orbit 2.0: the secret moon',
      content: '<h2>A new moon</h2><p>Nobody has seen this yet.</p>',
      isPublished: false,
    });
    const created = await staff.post(`/api/admin/blogs/${draft.id}/preview-link`);
    expect(created.status(), await created.text()).toBe(201);
    const link = (await created.json()) as { id: number; url: string };
    const path = new URL(link.url).pathname;
    expect(path).toMatch(/^\/preview\/[0-9a-f]{64}$/);

    // A fresh browser with no session: anyone who has the link.
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    try {
      const res = await visitor.goto(path);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['x-robots-tag']).toContain('noindex');
      expect(res?.headers()['cache-control']).toBe('private, no-store');
      await expect(visitor.getByRole('status')).toHaveText('Preview of a draft — not published');
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Orbit 2.0: the secret moon');
      await expect(visitor.getByRole('heading', { level: 2, name: 'A new moon' })).toBeVisible();
      await expect(visitor.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(visitor.locator('head link[rel="canonical"]')).toHaveCount(0);
      await expectAccessible(visitor);
      await visitor.screenshot({ path: test.info().outputPath('preview.png') });
      // Still a draft everywhere else.
      await visitor.goto('/blog');
      await expect(visitor.getByRole('main')).not.toContainText('the secret moon');

      expect((await staff.delete(`/api/admin/blogs/${draft.id}/preview-links/${link.id}`)).status()).toBe(200);
      const gone = await visitor.goto(path);
      expect(gone?.status()).toBe(404);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
        'This preview link has expired or was revoked',
      );
    } finally {
      await context.close();
      await staff.delete(`/api/admin/blogs/${draft.id}`);
    }
  });
});

test.describe('screenshots', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      test(`/blog, ${device}, ${theme}`, async ({ page }, info) => {
        await page.setViewportSize(viewport);
        if (theme === 'light') await page.addInitScript((key) => window.localStorage.setItem(key, 'light'), THEME_KEY);
        await page.goto('/blog');
        await expect(page.locator('html')).toHaveClass(theme);
        await expect(articles(page)).toHaveCount(10);
        await page.screenshot({ path: info.outputPath(`blog-${device}-${theme}.png`), fullPage: true });
        if (theme === 'dark') await expectAccessible(page);
      });
    }
  }
});

// Studio news (issue 26, decision 121): staff write a post for the studio ("The studio" in the
// app picker), publish it, and visitors find it on /blog named "The studio", on its own page with
// the way back to the blog, and never on an app's blog; "Send to the newsletter" drafts a campaign
// and opens it on the Campaigns screen.
import type { Locator, Page } from '@playwright/test';
import { unique } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const LANTERN_DRIFT = 1;

const card = (page: Page, title: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

test.describe('studio news', () => {
  test('a studio post written in the admin shows on /blog and on no app blog', async ({ page, browser }) => {
    const title = unique('Hello from the studio');
    await signIn(page);
    await page.goto('/admin-page/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });

    // Nothing chosen: the spec's message; "The studio" is a choice of its own.
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog.getByText('Please select an app')).toBeVisible();
    await dialog.getByLabel('App', { exact: true }).click();
    await page.getByRole('option', { name: 'The studio', exact: true }).click();
    await expect(dialog.getByText('Please select an app')).toHaveCount(0);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('We are three people, a cat and a lighthouse. This is our news.');
    await dialog.getByRole('switch', { name: 'Published' }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, title).getByText('The studio', { exact: true })).toBeVisible();

    // Visitors: on the blog, named "The studio"; its page leads back to the blog; no app's blog has it.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/blog');
    const item = visitor.getByRole('article').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.getByText('The studio', { exact: true })).toBeVisible();
    await item.getByRole('link', { name: title, exact: true }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    await expectAccessible(visitor);
    await visitor.goto(`/apps/${LANTERN_DRIFT}/blogs`);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByText(title)).toHaveCount(0);
    const feed = await visitor.request.get('/rss.xml');
    expect(await feed.text()).toContain(title);
    expect(await (await visitor.request.get(`/apps/${LANTERN_DRIFT}/rss.xml`)).text()).not.toContain(title);
    await visitor.context().close();
  });

  test('"Send to the newsletter" drafts a campaign from a published studio post and opens it', async ({
    page,
    request,
  }) => {
    const title = unique('Studio newsletter news');
    const api = await staffApi(request);
    const res = await api.post('/api/admin/blogs', {
      data: { appId: null, scope: 'studio', title, content: '<p>Our news.</p>', isPublished: true },
    });
    expect(res.status(), await res.text()).toBe(201);

    await signIn(page);
    await page.goto('/admin-page/blogs');
    const c = card(page, title);
    await c.getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
    const send = dialog.getByRole('button', { name: 'Send to the newsletter' });
    await expect(send).toBeVisible();
    const drafted = page.waitForResponse((r) => /\/api\/admin\/blogs\/\d+\/newsletter$/.test(r.url()));
    await send.click();
    const reply = await drafted;
    expect(reply.status()).toBe(201);
    const { id } = (await reply.json()) as { id: number };
    await expect(page).toHaveURL(new RegExp(`/admin-page/campaigns/edit\\?id=${id}$`));
  });
});

// Publishing from the post editor (issue 12): schedule a post, unpublish one, share a draft's preview
// link and open it signed out, and the post dialog's own guard and autosave.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const LANTERN_DRIFT = 1;
let counter = 0;
const unique = (label: string) => `${label} ${Date.now().toString(36)}-${++counter}`;
const made: number[] = [];

interface Post {
  id: number;
  title: string;
  slug: string;
  isPublished: boolean;
  publishAt: string | null;
}

async function createPost(request: APIRequestContext, data: Partial<{ title: string; isPublished: boolean }> = {}) {
  const res = await (
    await staffApi(request)
  ).post('/api/admin/blogs', {
    data: { appId: LANTERN_DRIFT, title: unique('Publishing post'), content: '<p>Draft text.</p>', ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  const post = (await res.json()) as Post;
  made.push(post.id);
  return post;
}

async function openBlogPosts(page: Page) {
  await signIn(page);
  await page.goto('/admin-page/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
}

const card = (page: Page, title: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

async function editPost(page: Page, title: string) {
  await page.getByLabel('Search blog posts').fill(title);
  await card(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A datetime-local value `days` from now, on the hour. */
function localInDays(days: number): { value: string; date: Date } {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const value = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:00`;
  return { value, date };
}

test.afterAll(async ({ request }) => {
  const staff = await staffApi(request);
  for (const id of made.splice(0)) await staff.delete(`/api/admin/blogs/${id}`);
});

test('a draft scheduled in the editor shows Scheduled for … on its card and stays private', async ({
  page,
  request,
}) => {
  const post = await createPost(request);
  await openBlogPosts(page);
  const dialog = await editPost(page, post.title);
  const when = localInDays(2);
  await dialog.getByLabel('Schedule for').fill(when.value);
  await expect(dialog.getByText(/^Published automatically on /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();

  const scheduled = card(page, post.title);
  await expect(scheduled.getByText('Scheduled', { exact: true })).toBeVisible();
  const shown = when.date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  await expect(scheduled).toContainText(`Scheduled for ${shown}`);
  // Still a draft for visitors until its time.
  const saved = (await (await (await staffApi(request)).get(`/api/blogs/${post.id}`)).json()) as Post;
  expect(saved.isPublished).toBe(false);
  expect(new Date(saved.publishAt!).getTime()).toBe(when.date.getTime());
  const visitor = await page.context().browser()!.newContext();
  expect((await visitor.request.get(`/api/blogs/${post.id}`)).status()).toBe(404);
  await visitor.close();
});

test('a published post is unpublished from its editor, after a confirmation', async ({ page, request }) => {
  const post = await createPost(request, { isPublished: true });
  await openBlogPosts(page);
  const dialog = await editPost(page, post.title);
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Unpublish this post?' });
  await expect(confirm).toContainText('goes back to draft');
  await confirm.getByRole('button', { name: 'Unpublish' }).click();
  await expect(dialog.getByRole('group', { name: 'Post status' })).toContainText('Draft');
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  const visitor = await page.context().browser()!.newContext();
  expect((await visitor.request.get(`/api/blogs/${post.id}`)).status()).toBe(404);
  await visitor.close();
});

test('a preview link made in the editor shows the draft to a visitor who is not signed in', async ({
  page,
  browser,
  request,
}) => {
  const post = await createPost(request);
  await openBlogPosts(page);
  const dialog = await editPost(page, post.title);
  await dialog.getByText('Share a preview link').click();
  await dialog.getByRole('button', { name: 'Create preview link' }).click();
  const url = await dialog.getByLabel(/^New preview link/).inputValue();
  expect(url).toMatch(/\/preview\/[0-9a-f]{64}$/);
  await expect(dialog.getByRole('list', { name: 'Open preview links' }).getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);

  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  const res = await guest.goto(url);
  expect(res?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // Revoked: the link opens nothing any more.
  await dialog.getByRole('button', { name: /^Revoke/ }).click();
  await expect(dialog.getByText('No preview link is open.')).toBeVisible();
  expect((await guest.goto(url))?.status()).toBe(404);
  await visitor.close();
});

test('the post dialog autosaves and offers the text back after a reload', async ({ page, request }) => {
  const post = await createPost(request);
  await openBlogPosts(page);
  const dialog = await editPost(page, post.title);
  await dialog.getByLabel('Title', { exact: true }).fill(`${post.title} (edited)`);
  await expect(dialog.getByTestId('autosave-status')).toHaveText(/^Saved /, { timeout: 10_000 });
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  const again = await editPost(page, post.title);
  const kept = again.getByRole('region', { name: 'Unsaved changes kept' });
  await kept.getByRole('button', { name: 'Restore them' }).click();
  await expect(again.getByLabel('Title', { exact: true })).toHaveValue(`${post.title} (edited)`);
  await again.getByRole('button', { name: 'Save Changes' }).click();
  await expect(again).toBeHidden();
  await expect(card(page, `${post.title} (edited)`)).toBeVisible();
});

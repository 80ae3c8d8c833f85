// Admin Blog Posts (SPEC §2 "Blog Posts (admin)", §4 "Blog post", §8 "Blog toasts", §9 excerpt 150).
import type { APIRequestContext, Browser, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { excerpt } from '../../src/shared/text';
import { requestFactories, unique } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

interface AdminPost {
  id: number;
  appId: number | null;
  appTitle: string | null;
  title: string;
  content: string;
  images: string[];
  isPublished: boolean;
  publishedAt: string | null;
}

const LANTERN_DRIFT = 1;
const QUIET_HOURS = 6; // a demo app without posts
const DEMO_IMAGE = '/media/demo/post-moss-and-bolt-1.svg';
/** What Chromium logs for a fetch the server answered with an error status. */
const FAILED_LOAD = 'Failed to load resource: the server responded with a status of';

async function adminPosts(request: APIRequestContext): Promise<AdminPost[]> {
  const res = await (await staffApi(request)).get('/api/admin/blogs');
  expect(res.status()).toBe(200);
  return (await res.json()) as AdminPost[];
}

async function createPost(
  request: APIRequestContext,
  data: Partial<{ appId: number; title: string; content: string; images: string[]; isPublished: boolean }> = {},
): Promise<AdminPost> {
  const make = requestFactories(await staffApi(request));
  return make.makePost(data.appId ?? LANTERN_DRIFT, {
    title: unique('API post'),
    content: '<p>Written through the API.</p>',
    ...data,
  });
}

async function open(page: Page) {
  await signIn(page);
  await page.goto('/admin-page/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ posts?$/ })).toBeVisible();
}

const card = (page: Page, title: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/**
 * The toast with this title. Located in the DOM, not the accessibility tree: while a modal dialog
 * is open the page behind it (toast region included) is aria-hidden, and Radix announces the
 * toast through its own live region instead.
 */
async function expectToast(page: Page, title: string, description?: string) {
  const t = page.locator('li[data-variant]').filter({ has: page.getByText(title, { exact: true }) });
  await expect(t).toBeVisible();
  await expect(t).toHaveAttribute('data-variant', title.startsWith('Failed') ? 'destructive' : 'default');
  if (description) await expect(t).toContainText(description);
  return t;
}

async function chooseApp(page: Page, dialog: Locator, appTitle: string) {
  await dialog.getByLabel('App', { exact: true }).click();
  await page.getByRole('option', { name: appTitle, exact: true }).click();
}

/** The editor's editable area inside the dialog. */
const editorArea = (dialog: Locator) => dialog.getByRole('textbox', { name: 'Content' });

/** The public app blog list as a visitor (no session) sees it. */
async function visitorSees(browser: Browser, appId: number, title: string): Promise<boolean> {
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    const res = await visitor.goto(`/apps/${appId}/blogs`);
    expect(res?.status()).toBe(200);
    return (await visitor.getByRole('heading', { level: 3, name: title, exact: true }).count()) > 0;
  } finally {
    await context.close();
  }
}

// This file's posts must not outlive it: later spec files read the demo blog as seeded.
let seededPostIds = new Set<number>();
async function adminRequest(playwright: PlaywrightWorkerArgs['playwright'], baseURL?: string) {
  const ctx = await playwright.request.newContext({ baseURL });
  await staffApi(ctx);
  return ctx;
}
test.beforeAll(async ({ playwright }, info) => {
  const ctx = await adminRequest(playwright, info.project.use.baseURL);
  const posts = (await (await ctx.get('/api/admin/blogs')).json()) as { id: number }[];
  seededPostIds = new Set(posts.map((p) => p.id));
  await ctx.dispose();
});
test.afterAll(async ({ playwright }, info) => {
  const ctx = await adminRequest(playwright, info.project.use.baseURL);
  const posts = (await (await ctx.get('/api/admin/blogs')).json()) as { id: number }[];
  for (const post of posts) if (!seededPostIds.has(post.id)) await ctx.delete(`/api/admin/blogs/${post.id}`);
  await ctx.dispose();
});

test.describe('list', () => {
  test('shows every demo post, newest first, with app title, badge, date, 150-character excerpt and images', async ({
    page,
    request,
  }) => {
    const posts = await adminPosts(request);
    expect(posts.length).toBeGreaterThanOrEqual(7);
    await open(page);

    const titles = page.getByRole('article').getByRole('heading', { level: 2 });
    await expect(titles).toHaveText(posts.map((p) => p.title));

    for (const post of posts) {
      const c = card(page, post.title);
      await expect(c.getByText(post.appTitle ?? 'Unknown App', { exact: true })).toBeVisible();
      await expect(c.getByText(post.isPublished ? 'Published' : 'Draft', { exact: true })).toBeVisible();
      if (!post.publishedAt) await expect(c.getByText('Not published', { exact: true })).toBeVisible();
      else await expect(c.locator(`time[datetime="${post.publishedAt}"]`)).toBeVisible();

      const text = (await c.getByTestId('blog-excerpt').textContent()) ?? '';
      expect(text).toBe(excerpt(post.content, 150));
      expect(text).not.toMatch(/[<>]/);
      if (text.endsWith('...')) expect(text.length).toBeLessThanOrEqual(153);
      else expect(text.length).toBeLessThanOrEqual(150);

      const attached = c.getByText(/image\(s\) attached/);
      if (post.images.length > 0) await expect(attached).toHaveText(`${post.images.length} image(s) attached`);
      else await expect(attached).toHaveCount(0);

      await expect(c.getByRole('button', { name: /^Edit/ })).toBeVisible();
      await expect(c.getByRole('button', { name: /^Delete/ })).toBeVisible();
      await expect(c.getByRole('button', { name: /^Publish/ })).toHaveCount(post.isPublished ? 0 : 1);
    }

    // The demo content has long posts (cut with an ellipsis), a draft and both image counts.
    expect(posts.some((p) => excerpt(p.content, 150).endsWith('...'))).toBe(true);
    await expect(
      card(page, 'Behind the glow: how we lit Lantern Drift').getByText('2 image(s) attached'),
    ).toBeVisible();
    await expect(
      card(page, 'Devlog #1: a robot, a lot of moss and one grappling arm').getByText('1 image(s) attached'),
    ).toBeVisible();
    await expect(
      card(page, "Designing seasons that don't punish you for having a life").getByText('Draft', { exact: true }),
    ).toBeVisible();

    await expectAccessible(page);
  });

  test('search matches title or app title, ignoring case, and says when nothing matches', async ({ page, request }) => {
    const posts = await adminPosts(request);
    await open(page);
    const search = page.getByRole('searchbox', { name: 'Search blog posts' });
    await expect(search).toHaveAttribute('placeholder', 'Search blog posts...');
    const titles = page.getByRole('article').getByRole('heading', { level: 2 });

    // By title, in another case.
    await search.fill('DEVLOG #2');
    await expect(titles).toHaveText(['Devlog #2: cutting our favourite level']);

    // By app title only: no Moss & Bolt title contains the app's name.
    await search.fill('moss & BOLT');
    const mossAndBolt = posts.filter((p) => p.appTitle === 'Moss & Bolt').map((p) => p.title);
    expect(mossAndBolt.length).toBe(2);
    await expect(titles).toHaveText(mossAndBolt);

    // Title or app title.
    await search.fill('lantern');
    await expect(titles).toHaveText(
      posts.filter((p) => /lantern/i.test(p.title) || /lantern/i.test(p.appTitle ?? '')).map((p) => p.title),
    );
    await expect(page.getByRole('status').filter({ hasText: 'posts match' })).toHaveText(
      `3 of ${posts.length} posts match`,
    );

    await search.fill('no such post zzz');
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No blog posts found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms.')).toBeVisible();
    await expect(page.getByText('Create your first blog post to get started.')).toHaveCount(0);
    await expectAccessible(page);

    await search.fill('');
    await expect(titles).toHaveCount(posts.length);
  });

  test('loading shows skeleton cards; no posts at all says to create the first one', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The list and its count are read in pages (?page=…): every read is held, then answers none.
    await page.route(/\/api\/admin\/blogs(\?|$)/, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      await held;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'x-total-count': '0' },
        body: '[]',
      });
    });
    await signIn(page);
    await page.goto('/admin-page/blogs');
    await expect(page.getByRole('status').filter({ hasText: 'Loading blog posts...' })).toBeAttached();
    await expect(page.locator('[aria-busy="true"] .animate-pulse').first()).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'No blog posts found' })).toBeVisible();
    await expect(page.getByText('Create your first blog post to get started.')).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms.')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Loading blog posts...' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('create and publish', () => {
  test('create a draft with an image, publish it from the card, and visitors can read it', async ({
    page,
    request,
    browser,
  }) => {
    const title = unique('Quiet Hours devlog');
    await open(page);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);

    await chooseApp(page, dialog, 'Quiet Hours');
    await dialog.getByLabel('Title').fill(title);
    await editorArea(dialog).click();
    await page.keyboard.type('A first look at the focus timer and its soft chimes.');

    // Gallery: blank is ignored, a bad URL is refused, the value is trimmed.
    const url = dialog.getByRole('textbox', { name: 'Image URL' });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    await url.fill('   ');
    await add.click();
    await expect(dialog.getByText('No images attached.')).toBeVisible();
    await url.fill('not a url');
    await add.click();
    await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await url.fill(`  ${DEMO_IMAGE}  `);
    await url.press('Enter'); // Enter adds, it does not submit the form
    await expect(dialog.getByText('Please enter a valid URL')).toHaveCount(0);
    await expect(dialog.getByRole('img', { name: 'Gallery image 1' })).toHaveAttribute('src', DEMO_IMAGE);
    await expect(dialog.getByRole('button', { name: 'Remove image 1' })).toBeVisible();
    await expect(url).toHaveValue('');
    await expect(dialog.getByRole('switch', { name: 'Published' })).not.toBeChecked();

    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectToast(page, 'Blog post created successfully');
    await expect(dialog).toBeHidden();

    const c = card(page, title);
    await expect(c.getByText('Draft', { exact: true })).toBeVisible();
    await expect(c.getByText('Quiet Hours', { exact: true })).toBeVisible();
    await expect(c.getByText('Not published')).toBeVisible();
    await expect(c.getByText('1 image(s) attached')).toBeVisible();
    await expect(c.getByTestId('blog-excerpt')).toHaveText('A first look at the focus timer and its soft chimes.');
    // Newest first: a new draft heads the list.
    await expect(page.getByRole('article').first()).toContainText(title);

    const saved = (await adminPosts(request)).find((p) => p.title === title)!;
    expect(saved).toMatchObject({ appId: QUIET_HOURS, images: [DEMO_IMAGE], isPublished: false, publishedAt: null });
    expect(await visitorSees(browser, QUIET_HOURS, title)).toBe(false);

    await c.getByRole('button', { name: /^Publish/ }).click();
    await expectToast(page, 'Blog post published successfully');
    await expect(c.getByText('Published', { exact: true })).toBeVisible();
    await expect(c.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
    await expect(c.getByText('Not published')).toHaveCount(0);
    await expect(c.locator('time')).toBeVisible();

    expect(await visitorSees(browser, QUIET_HOURS, title)).toBe(true);
  });

  test('validation: app, title and content are required, shown next to their fields', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog.getByText('Please select an app')).toBeVisible();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Content is required')).toBeVisible();
    await expect(dialog.getByLabel('App', { exact: true })).toBeFocused();
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    // Errors clear as the fields are fixed; a blank title is still refused.
    await chooseApp(page, dialog, 'Lantern Drift');
    await expect(dialog.getByText('Please select an app')).toHaveCount(0);
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await dialog.getByLabel('Title').fill('Almost there');
    await expect(dialog.getByText('Title is required')).toHaveCount(0);
    await expect(dialog.getByText('Content is required')).toBeVisible();
    await expect(page.getByRole('region', { name: /Notification/ }).locator('li')).toHaveCount(0);

    // Closing with unsaved changes asks first; Cancel keeps the form.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByLabel('Title')).toHaveValue('Almost there');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Almost there')).toHaveCount(0);
  });

  test('editor toolbar has named buttons and bold text is saved as <strong>', async ({ page, request }) => {
    const title = unique('Bold post');
    await open(page);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });
    const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' });
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Numbered list',
      'Bulleted list',
      'Indent',
      'Add link',
      'Align center',
      'Clear formatting',
    ]) {
      await expect(toolbar.getByRole('button', { name, exact: true })).toBeVisible();
    }
    const textStyle = toolbar.getByRole('combobox', { name: 'Text style' });
    await expect(textStyle.locator('option')).toHaveText([
      'Normal',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Heading 5',
      'Heading 6',
    ]);
    const box = await dialog
      .getByTestId('rich-text-editor')
      .locator('.ProseMirror')
      .evaluate((el) => el.parentElement!.parentElement!.getBoundingClientRect().height);
    expect(box).toBeGreaterThanOrEqual(300);

    await chooseApp(page, dialog, 'Lantern Drift');
    await dialog.getByLabel('Title').fill(title);
    await editorArea(dialog).click();
    await page.keyboard.type('Plain then ');
    await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
    await expect(toolbar.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('bold words');
    await dialog.getByRole('switch', { name: 'Published' }).click();
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectToast(page, 'Blog post created successfully');
    await expect(card(page, title).getByText('Published', { exact: true })).toBeVisible();

    const saved = (await adminPosts(request)).find((p) => p.title === title)!;
    const res = await request.get(`/api/blogs/${saved.id}`);
    expect(res.status()).toBe(200);
    const post = (await res.json()) as AdminPost;
    expect(post.content).toContain('<strong>bold words</strong>');
    expect(post.isPublished).toBe(true);
    expect(post.publishedAt).not.toBeNull();
  });
});

test.describe('edit', () => {
  test('opening a demo post and closing it untouched asks nothing and keeps its content', async ({ page }) => {
    await open(page);
    const title = 'Behind the glow: how we lit Lantern Drift';
    const edit = card(page, title).getByRole('button', { name: /^Edit/ });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await expect(dialog.getByRole('img', { name: /Gallery image/ })).toHaveCount(2);
    await expect(editorArea(dialog)).toContainText('lantern');
    await expect(dialog.getByRole('switch', { name: 'Published' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Published' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(edit).toBeFocused();
  });

  test('change the title, remove an image and switch Published on', async ({ page, request, browser }) => {
    const post = await createPost(request, {
      appId: QUIET_HOURS,
      images: [DEMO_IMAGE, '/media/demo/post-lantern-drift-1.svg'],
    });
    const renamed = unique('Renamed post');
    await open(page);
    await card(page, post.title).getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await expect(dialog.getByLabel('Title')).toHaveValue(post.title);
    await expect(dialog.getByLabel('App', { exact: true })).toHaveText('Quiet Hours');
    await expect(editorArea(dialog)).toHaveText('Written through the API.');
    await expect(dialog.getByRole('img', { name: /Gallery image/ })).toHaveCount(2);
    await expect(dialog.getByText('Draft', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await dialog.getByLabel('Title').fill(renamed);
    await dialog.getByRole('button', { name: 'Remove image 1' }).click();
    await expect(dialog.getByRole('img', { name: /Gallery image/ })).toHaveCount(1);
    await expect(dialog.getByRole('img', { name: 'Gallery image 1' })).toHaveAttribute(
      'src',
      '/media/demo/post-lantern-drift-1.svg',
    );
    await dialog.getByRole('switch', { name: 'Published' }).click();
    await expect(dialog.getByRole('switch', { name: 'Published' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Blog post updated successfully');
    await expect(dialog).toBeHidden();

    const c = card(page, renamed);
    await expect(c.getByText('Published', { exact: true })).toBeVisible();
    await expect(c.getByText('1 image(s) attached')).toBeVisible();
    await expect(card(page, post.title)).toHaveCount(0);
    const saved = (await adminPosts(request)).find((p) => p.id === post.id)!;
    expect(saved).toMatchObject({
      title: renamed,
      images: ['/media/demo/post-lantern-drift-1.svg'],
      isPublished: true,
    });
    expect(saved.publishedAt).not.toBeNull();
    expect(await visitorSees(browser, QUIET_HOURS, renamed)).toBe(true);
  });

  test('Publish in the form header publishes the draft and keeps the form open', async ({ page }) => {
    const post = await createPost(page.request);
    await open(page);
    await card(page, post.title).getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await expect(dialog.getByRole('group', { name: 'Post status' })).toContainText('Draft');
    await expect(dialog.getByRole('group', { name: 'Post status' })).toContainText('Not published');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'Blog post published successfully');
    const status = dialog.getByRole('group', { name: 'Post status' });
    await expect(status.getByText('Published', { exact: true })).toBeVisible();
    await expect(status.locator('time')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    const published = dialog.getByRole('switch', { name: 'Published' });
    await expect(published).toBeChecked();
    await expect(published).toBeDisabled();
    // Nothing else changed, so the form closes without asking.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, post.title).getByText('Published', { exact: true })).toBeVisible();
    // The keyboard is back on the Edit button that opened the form.
    await expect(card(page, post.title).getByRole('button', { name: /^Edit/ })).toBeFocused();
  });
});

test.describe('delete', () => {
  test('asks first; Cancel keeps the post, Delete removes it', async ({ page, request }) => {
    const post = await createPost(request);
    await open(page);
    const c = card(page, post.title);
    const del = c.getByRole('button', { name: /^Delete/ });
    await del.click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText(
      `This will permanently delete the blog post "${post.title}". This action cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(c).toBeVisible();
    await expect(del).toBeFocused();

    await del.click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Blog post deleted successfully');
    await expect(c).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search blog posts' })).toBeFocused();
    expect((await request.get(`/api/blogs/${post.id}`)).status()).toBe(404);
  });
});

test.describe('failures', () => {
  test.use({ allowConsoleErrors: [FAILED_LOAD] });

  test('publish, delete and update of a post deleted meanwhile: failure toasts with the server message', async ({
    page,
    request,
  }) => {
    const a = await createPost(request);
    const b = await createPost(request);
    const c = await createPost(request);
    await open(page);
    const api = await staffApi(request);
    const deleteInBackground = async (id: number) =>
      expect((await api.delete(`/api/admin/blogs/${id}`)).status()).toBe(200);

    await deleteInBackground(a.id);
    await card(page, a.title)
      .getByRole('button', { name: /^Publish/ })
      .click();
    await expectToast(page, 'Failed to publish blog post', 'Blog post not found');
    // The list re-fetched: the post is gone.
    await expect(card(page, a.title)).toHaveCount(0);

    await deleteInBackground(b.id);
    await card(page, b.title)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expectToast(page, 'Failed to delete blog post', 'Blog post not found');
    await expect(card(page, b.title)).toHaveCount(0);

    await card(page, c.title).getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await dialog.getByLabel('Title').fill('Kept after failure');
    await deleteInBackground(c.id);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Failed to update blog post', 'Blog post not found');
    // The form stays open with what was typed.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue('Kept after failure');
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  test('create for an app deleted meanwhile: failure toast and the server message next to the app', async ({
    page,
    request,
  }) => {
    const api = await staffApi(request);
    const app = await requestFactories(api).makeApp({ title: unique('Doomed app') });

    await open(page);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });
    await chooseApp(page, dialog, app.title);
    await dialog.getByLabel('Title').fill('Orphan post');
    await editorArea(dialog).click();
    await page.keyboard.type('Nobody will read this.');
    expect((await api.delete(`/api/apps/${app.id}`)).status()).toBe(200);

    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expectToast(page, 'Failed to create blog post', 'Please select an app');
    await expect(dialog.locator('#blog-app-error')).toHaveText('Please select an app');
    await expect(dialog.getByLabel('Title')).toHaveValue('Orphan post');
    await expect(dialog.getByRole('button', { name: 'Create Post' })).toHaveText('Create Post');
  });

  test('a server error while saving shows Saving..., then the failure toast', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/blogs', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Something went wrong', code: 'INTERNAL_ERROR' }),
      });
    });
    await open(page);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });
    await chooseApp(page, dialog, 'Lantern Drift');
    await dialog.getByLabel('Title').fill('Never saved');
    await editorArea(dialog).click();
    await page.keyboard.type('Body text.');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    const pending = dialog.getByRole('button', { name: 'Saving...' });
    await expect(pending).toBeDisabled();
    release();
    await expectToast(page, 'Failed to create blog post', 'Something went wrong');
    await expect(dialog.getByRole('button', { name: 'Create Post' })).toBeEnabled();
    await expect(dialog.getByLabel('Title')).toHaveValue('Never saved');
  });
});

test.describe('phone 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list and the form fit the screen and work', async ({ page }) => {
    await open(page);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const first = page.getByRole('article').first();
    for (const name of [/^Edit/, /^Delete/]) {
      const box = (await first.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect(dialog.getByText('Please select an app')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create Post' })).toBeInViewport();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

// Images in the rich-text editor: one uploaded through the toolbar's Image dialog and one chosen
// from the media library (by keyboard) reach the public post with their alt text; a pasted image
// file is uploaded, shows its progress while the upload is held, and is inserted; a pasted file the
// server refuses shows the server's message. The images are real PNGs made here with sharp; every
// file name and post title carries RUN, and this file's posts and images are deleted after each test.
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import sharp from 'sharp';
import type { MediaItem, MediaList } from '../../src/shared/schemas/media';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

/** What Chromium logs for a request the server answered with an error status. */
const FAILED_LOAD = 'Failed to load resource: the server responded with a status of';

const RUN = `e2e-ed-${Date.now().toString(36)}`;
let counter = 0;
const unique = (label: string) => `${label} ${RUN}-${++counter}`;

interface AdminPost {
  id: number;
  title: string;
  content: string;
  isPublished: boolean;
}

/** A PNG of one colour that no other test makes (the server gives the same bytes the same item). */
async function png(width: number, height: number): Promise<Buffer> {
  const n = ++counter;
  const background = { r: (n * 53 + 7) % 256, g: (Date.now() >> 5) % 256, b: (n * 29 + 101) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

async function mediaOfRun(request: APIRequestContext): Promise<MediaItem[]> {
  const api = await staffApi(request);
  const res = await api.get(`/api/admin/media?page=1&pageSize=100&search=${encodeURIComponent(RUN)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as MediaList).items;
}

async function postsOfRun(request: APIRequestContext): Promise<AdminPost[]> {
  const res = await (await staffApi(request)).get('/api/admin/blogs');
  expect(res.status()).toBe(200);
  return ((await res.json()) as AdminPost[]).filter((p) => p.title.includes(RUN));
}

test.afterEach(async ({ request }) => {
  const api = await staffApi(request);
  // Posts first: an image still used by a post cannot be deleted.
  for (const post of await postsOfRun(request)) await api.delete(`/api/admin/blogs/${post.id}`);
  for (const item of await mediaOfRun(request)) await api.delete(`/api/admin/media/${item.id}`);
});

/** Opens the Create Blog Post dialog with an app chosen, a title and a first line of text. */
async function startPost(page: Page, title: string): Promise<{ dialog: Locator; editor: Locator }> {
  await signIn(page);
  await page.goto('/admin-page/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Blog Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('App', { exact: true }).click();
  await page.getByRole('option', { name: 'Lantern Drift', exact: true }).click();
  await dialog.getByLabel('Title').fill(title);
  const editor = dialog.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Notes from the studio, with a picture.');
  await page.keyboard.press('Enter');
  return { dialog, editor };
}

/** Publishes the post in the open dialog and returns it as stored. */
async function publish(page: Page, dialog: Locator, request: APIRequestContext, title: string): Promise<AdminPost> {
  await dialog.getByRole('switch', { name: 'Published' }).click();
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(dialog).toBeHidden();
  const post = (await postsOfRun(request)).find((p) => p.title === title);
  expect(post).toBeDefined();
  return post!;
}

/** The public post shows the image: its original as src, the alt text, the size, and it loads. */
async function expectOnPublicPost(page: Page, postId: number, src: string, alt: string) {
  const res = await page.goto(`/blogs/${postId}`);
  expect(res?.status()).toBe(200);
  const img = page.locator(`main img[src="${src}"]`);
  await expect(img).toHaveCount(1);
  await expect(img).toHaveAttribute('alt', alt);
  const [, width, height] = /\/(\d+)x(\d+)\.\w+$/.exec(src)!;
  await expect(img).toHaveAttribute('width', width!);
  await expect(img).toHaveAttribute('height', height!);
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test('an image uploaded through the Image button is inserted with its alt text and shown on the public post', async ({
  page,
  request,
}) => {
  const title = unique('Uploaded in the editor');
  const filename = `editor-upload-${RUN}.png`;
  const { dialog, editor } = await startPost(page, title);

  const button = dialog.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Insert image' });
  await button.click();
  const picker = page.getByRole('dialog', { name: 'Insert image' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Insert image' })).toBeDisabled();

  await picker.getByLabel('Alt text (saved in the library)').fill('A lantern over dark water');
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Upload an image' }).click();
  await (await chooser).setFiles({ name: filename, mimeType: 'image/png', buffer: await png(640, 480) });
  await expect(picker.getByTestId('upload-entry').filter({ hasText: filename })).toContainText('Uploaded');

  // The alt text given at upload is proposed, and can be changed before inserting.
  const alt = picker.getByLabel('Alt text', { exact: true });
  await expect(alt).toHaveValue('A lantern over dark water');
  await expectAccessible(page);
  await alt.fill('A paper lantern over dark water');
  await picker.getByRole('button', { name: 'Insert image' }).click();
  await expect(picker).toBeHidden();
  // The keyboard is back in the text.
  await expect(editor).toBeFocused();

  const [item] = (await mediaOfRun(request)).filter((m) => m.filename === filename);
  expect(item).toMatchObject({ width: 640, height: 480, alt: 'A lantern over dark water' });
  const inEditor = editor.locator(`img[src="${item!.url}"]`);
  await expect(inEditor).toHaveAttribute('alt', 'A paper lantern over dark water');

  // Selecting the image turns the button into Edit image.
  await inEditor.click();
  await expect(dialog.getByRole('button', { name: 'Edit image' })).toBeVisible();

  const post = await publish(page, dialog, request, title);
  expect(post.content).toContain(`src="${item!.url}"`);
  expect(post.content).toContain('width="640"');
  await expectOnPublicPost(page, post.id, item!.url, 'A paper lantern over dark water');
});

test('an image from the library is picked with the keyboard and inserted', async ({ page, request }) => {
  const title = unique('Picked from the library');
  const api = await staffApi(request);
  const names = [`library-a-${RUN}.png`, `library-b-${RUN}.png`];
  for (const name of names) {
    const res = await api.post('/api/admin/media', {
      multipart: { alt: `Alt of ${name}`, file: { name, mimeType: 'image/png', buffer: await png(400, 300) } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const { dialog, editor } = await startPost(page, title);

  await dialog.getByRole('button', { name: 'Insert image' }).click();
  const picker = page.getByRole('dialog', { name: 'Insert image' });
  await picker.getByRole('tab', { name: 'Library' }).click();
  await picker.getByLabel('Search images').fill(RUN);
  const choices = picker.getByRole('radiogroup', { name: 'Images in the library' }).getByRole('radio');
  await expect(choices).toHaveCount(2);
  // One Tab stop in the grid; the arrow keys move the choice.
  await choices.first().focus();
  await page.keyboard.press('ArrowRight');
  const second = choices.nth(1);
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-checked', 'true');
  await expect(choices.first()).toHaveAttribute('aria-checked', 'false');
  const text = (await second.textContent()) ?? '';
  const chosen = names.find((n) => text.includes(n))!;
  expect(chosen).toBeDefined();
  const alt = picker.getByLabel('Alt text', { exact: true });
  await expect(alt).toHaveValue(`Alt of ${chosen}`);
  await expectAccessible(page);
  // Enter in the alt text field inserts.
  await alt.fill(`Picked: ${chosen}`);
  await alt.press('Enter');
  await expect(picker).toBeHidden();

  const item = (await mediaOfRun(request)).find((m) => m.filename === chosen)!;
  await expect(editor.locator(`img[src="${item.url}"]`)).toHaveAttribute('alt', `Picked: ${chosen}`);
  const post = await publish(page, dialog, request, title);
  await expectOnPublicPost(page, post.id, item.url, `Picked: ${chosen}`);
});

/** Pastes files into the editor as the browser would: a paste event holding them. */
async function pasteFiles(editor: Locator, files: { name: string; type: string; bytes: number[] }[]) {
  await editor.evaluate((el, list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, files);
}

test('a pasted image is uploaded, shown as uploading meanwhile, and appears in the post', async ({ page, request }) => {
  const title = unique('Pasted picture');
  const filename = `pasted-shot-${RUN}.png`;
  const { dialog, editor } = await startPost(page, title);

  // The upload is held: the placeholder and the progress line show until it is released.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/media', async (route: Route) => {
    await released;
    await route.continue();
  });
  await pasteFiles(editor, [{ name: filename, type: 'image/png', bytes: [...(await png(800, 450))] }]);
  await expect(dialog.getByRole('progressbar', { name: `Uploading ${filename}` })).toBeVisible();
  await expect(editor.getByTestId('image-upload-placeholder')).toContainText(filename);
  release();

  await expect(editor.getByTestId('image-upload-placeholder')).toHaveCount(0);
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  const [item] = (await mediaOfRun(request)).filter((m) => m.filename === filename);
  expect(item).toMatchObject({ width: 800, height: 450 });
  // The alt text defaults to the file name without its extension.
  await expect(editor.locator(`img[src="${item!.url}"]`)).toHaveAttribute('alt', `pasted-shot-${RUN}`);

  const post = await publish(page, dialog, request, title);
  expect(post.content).toContain(`src="${item!.url}"`);
  await expectOnPublicPost(page, post.id, item!.url, `pasted-shot-${RUN}`);
});

test('an inserted image is given alt text from the toolbar (and again with Enter), and the public post shows it', async ({
  page,
  request,
}) => {
  const title = unique('Alt text in the editor');
  const filename = `needs-alt-${RUN}.png`;
  const { dialog, editor } = await startPost(page, title);
  await pasteFiles(editor, [{ name: filename, type: 'image/png', bytes: [...(await png(600, 400))] }]);
  await expect(editor.locator('img[src^="/media/"]')).toHaveCount(1);
  const [item] = (await mediaOfRun(request)).filter((m) => m.filename === filename);
  const image = editor.locator(`img[src="${item!.url}"]`);
  await expect(image).toHaveAttribute('alt', `needs-alt-${RUN}`);

  // Selected, the image shows an "Alt text" button in the toolbar.
  const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' });
  const altButton = toolbar.getByRole('button', { name: /alt text/i });
  await expect(altButton).toHaveCount(0);
  await image.click();
  await expect(altButton).toBeVisible();
  await expect(altButton).toHaveAccessibleName(`Alt text: “needs-alt-${RUN}” (Enter)`);
  await altButton.click();
  const edit = page.getByRole('dialog', { name: 'Edit image' });
  await expect(edit).toBeVisible();
  const alt = edit.getByLabel('Alt text', { exact: true });
  await expect(alt).toHaveValue(`needs-alt-${RUN}`);
  await expectAccessible(page);
  await alt.fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(image).toHaveAttribute('alt', '');
  await image.click();
  await expect(altButton).toHaveAccessibleName('Add alt text (Enter)');
  await expect(altButton).toContainText('missing');

  // By keyboard: Enter on the selected image opens the same dialog; Enter in it saves.
  await page.keyboard.press('Enter');
  await expect(edit).toBeVisible();
  await alt.fill('Two moths circling a paper lantern');
  await alt.press('Enter');
  await expect(edit).toBeHidden();
  await expect(editor).toBeFocused();
  await expect(image).toHaveAttribute('alt', 'Two moths circling a paper lantern');

  const post = await publish(page, dialog, request, title);
  expect(post.content).toContain('alt="Two moths circling a paper lantern"');
  await expectOnPublicPost(page, post.id, item!.url, 'Two moths circling a paper lantern');
});

test.describe('refused paste', () => {
  test.use({ allowConsoleErrors: [`${FAILED_LOAD} 415`] });

  test('a pasted file the server refuses shows its message and inserts nothing', async ({ page }) => {
    const bad = `notes-${RUN}.png`;
    const { dialog, editor } = await startPost(page, unique('Refused paste'));
    await pasteFiles(editor, [
      { name: bad, type: 'image/png', bytes: [...Buffer.from('These are notes, not a picture.\n')] },
    ]);
    const error = dialog.getByTestId('editor-upload-error');
    await expect(error.getByRole('alert')).toBeVisible();
    await expect(error).toContainText(bad);
    await expect(editor.locator('img')).toHaveCount(0);
    await expect(editor.getByTestId('image-upload-placeholder')).toHaveCount(0);
    await error.getByRole('button', { name: `Dismiss the error about ${bad}` }).click();
    await expect(error).toHaveCount(0);
  });
});

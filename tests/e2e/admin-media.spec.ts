// Uploaded images in the admin: a screenshot uploaded through the app form reaches the public
// home page; the Media page lists images with where they are used, edits alt text, refuses to
// delete an image still in use and deletes one that is not; a rejected file shows its error.
// The images are real files made by the factories; every file name and app title carries RUN.
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { App } from '../../src/shared/schemas/apps';
import type { MediaItem, MediaList } from '../../src/shared/schemas/media';
import { imageFile, requestFactories } from '../factories';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const ICON = '/media/demo/icon-lantern-drift.svg';
/** What Chromium logs for a request the server answered with an error status. */
const FAILED_LOAD = 'Failed to load resource: the server responded with a status of';

// This file's own mark, not the factories' run-wide RUN: the cleanup deletes every app and image
// that carries it, and the tests list the images that carry it.
const RUN = `e2e-${Date.now().toString(36)}`;
let counter = 0;
const unique = (label: string) => `${label} ${RUN}-${++counter}`;

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications? \(F8\)$/ }).getByRole('listitem');
const mediaCard = (page: Page, filename: string) =>
  page.getByTestId('media-item').filter({ has: page.getByRole('heading', { level: 2, name: filename, exact: true }) });

/** A PNG of one colour that no other test makes (the server gives the same bytes the same item). */
const png = async (width: number, height: number) => (await imageFile({ width, height })).data;

/** An 800 × 600 PNG in the library, named `name` (which carries RUN). */
async function uploadViaApi(request: APIRequestContext, name: string, alt?: string): Promise<MediaItem> {
  return requestFactories(await staffApi(request)).makeImage({ name, width: 800, height: 600, alt });
}

async function mediaOfRun(request: APIRequestContext): Promise<MediaItem[]> {
  const api = await staffApi(request);
  const res = await api.get(`/api/admin/media?page=1&pageSize=100&search=${encodeURIComponent(RUN)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as MediaList).items;
}

test.afterEach(async ({ request }) => {
  const api = await staffApi(request);
  const apps = (await (await api.get('/api/apps')).json()) as App[];
  for (const app of apps.filter((a) => a.title.includes(RUN))) await api.delete(`/api/apps/${app.id}`);
  for (const item of await mediaOfRun(request)) await api.delete(`/api/admin/media/${item.id}`);
});

test('a screenshot uploaded through the app form is saved with the app and shown on the home page', async ({
  page,
  request,
}) => {
  const title = unique('Uploaded shots');
  const filename = `shot-${RUN}.png`;
  await signIn(page);
  await page.goto('/admin-page/apps/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New App' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description').fill('Its screenshot was uploaded, not typed.');
  await page.getByLabel('Icon URL').fill(ICON);
  await page.getByLabel('Screenshot alt text').fill('The first level at dusk');

  // The upload is held: its progress bar shows, and the form waits for it before saving.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/media', async (route: Route) => {
    await released;
    await route.continue();
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload screenshots' }).click();
  await (await chooser).setFiles({ name: filename, mimeType: 'image/png', buffer: await png(720, 1280) });
  await expect(page.getByRole('progressbar', { name: `Uploading ${filename}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create App' })).toBeDisabled();
  release();

  const item = page.getByTestId('screenshot-item');
  await expect(item).toHaveCount(1);
  await expect(page.getByTestId('upload-entry').filter({ hasText: filename })).toContainText('Uploaded');
  const shot = page.getByRole('img', { name: 'Screenshot 1' });
  await expect(shot).toHaveAttribute('src', /^\/media\//);
  const src = (await shot.getAttribute('src'))!;
  await expect(page.getByRole('button', { name: 'Create App' })).toBeEnabled();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create App' }).click();
  await expect(toasts(page)).toContainText('App created');
  await expect(page).toHaveURL(/\/admin-page\/apps$/);

  const apps = (await (await request.get('/api/apps')).json()) as App[];
  const created = apps.find((a) => a.title === title)!;
  expect(created.screenshots).toEqual([src]);
  const [stored] = (await mediaOfRun(request)).filter((m) => m.url === src);
  expect(stored).toMatchObject({ filename, width: 720, height: 1280, alt: 'The first level at dusk' });

  await page.goto('/');
  const card = page
    .getByTestId('app-card')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
  await expect(card).toHaveCount(1);
  // The portrait shot is shown whole (its blurred backdrop copy is hidden from assistive tech).
  await expect(card.locator(`img[src="${src}"]:not([aria-hidden="true"])`)).toHaveCount(1);
  await expect(card.getByRole('img', { name: 'The first level at dusk' })).toHaveAttribute('src', src);
});

test('screenshots reorder with the move buttons, keeping the keyboard on the moved one', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin-page/apps/new');
  const url = page.getByLabel('Screenshot URL');
  for (const shot of ['/media/demo/shot-moss-and-bolt-1.svg', '/media/demo/shot-moss-and-bolt-2.svg']) {
    await url.fill(shot);
    await url.press('Enter');
  }
  await expect(page.getByRole('img', { name: 'Screenshot 1' })).toHaveAttribute('src', /shot-moss-and-bolt-1/);
  await expect(page.getByRole('button', { name: 'Move screenshot 1 earlier' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move screenshot 1 later' }).click();
  await expect(page.getByRole('img', { name: 'Screenshot 1' })).toHaveAttribute('src', /shot-moss-and-bolt-2/);
  await expect(page.getByRole('img', { name: 'Screenshot 2' })).toHaveAttribute('src', /shot-moss-and-bolt-1/);
  // The moved screenshot is last now: its "later" button is off, so the keyboard is on "earlier".
  await expect(page.getByRole('button', { name: 'Move screenshot 2 earlier' })).toBeFocused();
});

test.describe('Media page', () => {
  test.use({ allowConsoleErrors: [`${FAILED_LOAD} 409`] });

  test('lists an image with where it is used, saves its alt text and refuses to delete it while used', async ({
    page,
    request,
  }) => {
    const filename = `used-${RUN}.png`;
    const media = await uploadViaApi(request, filename);
    const title = unique('Uses an upload');
    await requestFactories(await staffApi(request)).makeApp({ title, screenshots: [media.url] });

    await signIn(page);
    await page.goto('/admin-page');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media', exact: true }).click();
    await expect(page).toHaveURL(/\/admin-page\/media$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();

    await page.getByLabel('Search media').fill(RUN);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${RUN}`));
    const card = mediaCard(page, filename);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('800 × 600');
    await expect(card.getByTestId('media-used-by').getByRole('link', { name: `App: ${title}` })).toBeVisible();
    await expectAccessible(page);

    // Alt text, edited in place.
    const alt = card.getByLabel('Alt text', { exact: true });
    await alt.fill('A mossy robot waving');
    await card.getByRole('button', { name: /^Save/ }).click();
    await expect(toasts(page)).toContainText('Alt text saved');
    await expect
      .poll(async () => (await mediaOfRun(request)).find((m) => m.id === media.id)?.alt)
      .toBe('A mossy robot waving');

    // Delete: confirmed, then refused with the places that use it.
    await card.getByRole('button', { name: `Delete ${filename}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(confirm).toContainText(`This will permanently delete the image "${filename}"`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const inUse = page.getByRole('dialog', { name: 'Image in use' });
    await expect(inUse).toBeVisible();
    await expect(inUse.getByRole('link', { name: `App: ${title}` })).toBeVisible();
    await inUse.getByRole('button', { name: 'Close' }).first().click();
    await expect(inUse).toBeHidden();
    await expect(card).toHaveCount(1);
    expect((await mediaOfRun(request)).some((m) => m.id === media.id)).toBe(true);
  });

  test('deletes an unused image after confirmation; works at 390 px', async ({ page, request }) => {
    const filename = `unused-${RUN}.png`;
    await uploadViaApi(request, filename, 'Nothing uses this');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto(`/admin-page/media?q=${RUN}`);
    const card = mediaCard(page, filename);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Not used yet');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await card.getByRole('button', { name: `Delete ${filename}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('Image deleted');
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No images found' })).toBeVisible();
    expect(await mediaOfRun(request)).toEqual([]);
  });

  test('Copy URL puts the image address on the clipboard and says so on the button', async ({
    page,
    context,
    request,
  }) => {
    const filename = `copied-${RUN}.png`;
    const item = await uploadViaApi(request, filename, 'Copied address');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await page.goto(`/admin-page/media?q=${RUN}`);
    const card = mediaCard(page, filename);
    await card.getByRole('button', { name: `Copy URL of ${filename}` }).click();
    await expect(card.getByRole('button', { name: /^Copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(item.url);
  });
});

test.describe('rejected files', () => {
  test.use({ allowConsoleErrors: [`${FAILED_LOAD} 415`] });

  test('a text file named .png is refused with its own error; a good file in the same batch uploads', async ({
    page,
    request,
  }) => {
    const bad = `notes-${RUN}.png`;
    const good = `good-${RUN}.png`;
    await signIn(page);
    await page.goto('/admin-page/media');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload images' }).click();
    await (
      await chooser
    ).setFiles([
      { name: bad, mimeType: 'image/png', buffer: Buffer.from('These are notes, not a picture.\n') },
      { name: good, mimeType: 'image/png', buffer: await png(320, 240) },
    ]);

    const badLine = page.getByTestId('upload-entry').filter({ hasText: bad });
    await expect(badLine.getByRole('alert')).toBeVisible();
    await expect(badLine.getByRole('alert')).toContainText(bad);
    await expect(page.getByTestId('upload-entry').filter({ hasText: good })).toContainText('Uploaded');
    await expect(mediaCard(page, good)).toHaveCount(1);
    await expect(mediaCard(page, bad)).toHaveCount(0);
    const names = (await mediaOfRun(request)).map((m) => m.filename);
    expect(names).toEqual([good]);

    await badLine.getByRole('button', { name: `Dismiss ${bad}` }).click();
    await expect(badLine).toHaveCount(0);
  });
});

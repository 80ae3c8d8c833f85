// Admin: Site Settings › Storage (issue 28). An administrator enters an object store's settings
// (a real local S3 server, s3rver), tests the connection (a wrong key explained in plain words, then
// the right one), saves (the secret never shown again), moves every image to the store with its
// progress, sees the images still served at their addresses, and moves them back to the database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { expect, expectAccessible, signIn, test } from './fixtures';

const BUCKET = 'e2e-media';
let s3: S3rver | undefined;
let dir = '';
let endpoint = '';

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
});

test.afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('sets up the object store, tests it, and moves every image there and back', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const png = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
  const uploaded = await page.request.post('/api/admin/media', {
    multipart: { file: { name: 'e2e-storage.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status()).toBe(201);
  const [item] = (await uploaded.json()) as { url: string }[];
  const before = await (await page.request.get(item!.url)).body();

  await page.goto('/admin-page/site-settings');
  const card = page.getByRole('region', { name: 'Storage' });
  await expect(card).toContainText('New images go to the database');
  await card.getByLabel('Endpoint').fill(endpoint);
  await card.getByLabel('Region').fill('us-east-1');
  await card.getByLabel('Bucket').fill(BUCKET);
  await card.getByLabel('Access key').fill('NOBODY');
  await card.getByLabel('Secret').fill('e2e-secret-never-shown');
  await card.getByLabel('Key prefix').fill('e2e');
  await card.getByRole('combobox', { name: 'Serving images' }).click();
  await page.getByRole('option', { name: 'Send through this server' }).click();

  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByRole('status').first()).toContainText('does not know the access key "NOBODY"');
  await card.getByLabel('Access key').fill('S3RVER');
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByRole('status').first()).toContainText('Connected');

  await card.getByRole('button', { name: 'Save storage settings' }).click();
  await expect(card.getByText('Saved and never shown. Leave empty to keep it.')).toBeVisible();
  await expect(card.getByLabel('Secret')).toHaveValue('');
  expect(await page.content()).not.toContain('e2e-secret-never-shown');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Move all media to S3' }).click();
  const progress = card.getByRole('status').filter({ hasText: 'the object store' });
  await expect(progress).toContainText('(done)', { timeout: 60_000 });
  await expect(card).toContainText('New images go to the object store');
  await expect(card).toContainText('0 files in the database');
  await card.screenshot({ path: test.info().outputPath('storage-moved.png') });
  expect((await (await page.request.get(item!.url)).body()).equals(before)).toBe(true);

  // A private bucket: the browser is sent to a signed address and shows the same image from there.
  await card.getByRole('combobox', { name: 'Serving images' }).click();
  await page.getByRole('option', { name: 'Redirect to a signed address (private bucket)' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/media-storage') && r.request().method() === 'PUT',
  );
  await card.getByRole('button', { name: 'Save storage settings' }).click();
  expect((await saved).status()).toBe(200);
  const hop = await page.request.get(item!.url, { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  expect(hop.headers().location).toContain('X-Amz-Signature=');
  expect((await (await page.request.get(item!.url)).body()).equals(before)).toBe(true);

  await card.getByRole('button', { name: 'Move all media back to the database' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'to the database' })).toContainText('(done)', {
    timeout: 60_000,
  });
  await expect(card).toContainText('0 files in the object store');
  expect((await (await page.request.get(item!.url)).body()).equals(before)).toBe(true);
});

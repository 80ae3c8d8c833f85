// Admin: the dashboard's Backup card (issue 8 #22). An administrator downloads the whole site as one
// archive (the one `npm run export` writes, issue 28); a User never sees the card; a failure says so in a toast.
import { createReadStream } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import tar from 'tar-stream';
import { E2E_ADMIN } from '../../playwright.config';
import { expect, expectAccessible, signIn, staffApi, test } from './fixtures';

const DASHBOARD = '/admin-page';

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications? \(F8\)$/ }).getByRole('listitem');
const backupCard = (page: Page) => page.getByRole('region', { name: 'Backup' });
const downloadButton = (page: Page) => page.getByRole('button', { name: 'Download backup' });

async function open(page: Page, user?: { username: string; password: string }) {
  await signIn(page, user);
  await page.goto(DASHBOARD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The role is known once the current user has loaded (the card depends on it).
  await expect(page.getByText(/^Signed in as .* \((Administrator|User)\)$/)).toBeVisible();
}

/** Requests wait until release() is called, then go to the server. */
function holdRoute() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await released;
    await route.continue();
  };
  return { handler, release };
}

/** An archive's entries by name, as text. */
async function entries(file: string): Promise<Map<string, string>> {
  const extract = tar.extract();
  createReadStream(file).pipe(extract);
  const out = new Map<string, string>();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    out.set(entry.header.name, Buffer.concat(chunks).toString('utf8'));
  }
  return out;
}

const rows = (ndjson: string | undefined) =>
  (ndjson ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test.describe('dashboard backup', () => {
  test('an administrator downloads the whole site as one archive', async ({ page }) => {
    await open(page);
    await expect(backupCard(page)).toBeVisible();
    await expect(backupCard(page)).toContainText('npm run import');
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton(page).click()]);
    expect(download.suggestedFilename()).toMatch(/^studio-backup-\d{4}-\d{2}-\d{2}\.tar$/);
    const backup = await entries((await download.path())!);
    expect(JSON.parse(backup.get('manifest.json')!)).toMatchObject({ format: 'studio-backup', version: 2 });
    expect(rows(backup.get('tables/users.ndjson')).map((u) => u.username)).toContain(E2E_ADMIN.username);
    expect(rows(backup.get('tables/apps.ndjson')).length).toBeGreaterThan(0);
    expect(backup.has('tables/sessions.ndjson')).toBe(false);
    expect(backup.has('checksums.json')).toBe(true);
    await expect(downloadButton(page)).toBeEnabled();
  });

  test('the button is busy while the site checks it can take one; then the browser downloads it', async ({ page }) => {
    await open(page);
    const hold = holdRoute();
    await page.route('**/api/admin/backup/ready', hold.handler);
    const downloaded = page.waitForEvent('download');
    await downloadButton(page).click();
    const busy = backupCard(page).getByRole('button', { name: 'Preparing backup...' });
    await expect(busy).toBeDisabled();
    hold.release();
    await downloaded;
    await expect(toasts(page)).toContainText('Backup started');
    await expect(downloadButton(page)).toBeEnabled();
  });

  test('the archive is downloaded by the browser itself, never held in the page', async ({ page }) => {
    await open(page);
    // The page's own scripts never read the archive: no fetch of it, no blob made of it.
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/backup') && request.resourceType() !== 'document')
        fetched.push(request.resourceType());
    });
    await page.evaluate(() => {
      const made = URL.createObjectURL;
      (window as unknown as { blobs: number }).blobs = 0;
      URL.createObjectURL = (object) => {
        (window as unknown as { blobs: number }).blobs++;
        return made(object);
      };
    });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton(page).click()]);
    expect(download.suggestedFilename()).toMatch(/^studio-backup-/);
    expect(fetched.filter((type) => type === 'fetch' || type === 'xhr')).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { blobs: number }).blobs)).toBe(0);
  });

  test.describe('when the download fails', () => {
    test.use({ allowConsoleErrors: ['status of 503'] });

    test('says why in a toast, and the button works again', async ({ page }) => {
      await open(page);
      await page.route('**/api/admin/backup/ready', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' }),
        }),
      );
      await downloadButton(page).click();
      await expect(toasts(page)).toContainText('Backup failed');
      await expect(toasts(page)).toContainText('Database unavailable');
      await expect(downloadButton(page)).toBeEnabled();

      await page.unroute('**/api/admin/backup/ready');
      const [download] = await Promise.all([page.waitForEvent('download'), downloadButton(page).click()]);
      expect(download.suggestedFilename()).toMatch(/^studio-backup-/);
    });
  });

  test('a User does not see it, and the server refuses them the file', async ({ page, request }) => {
    const user = { username: `backup-user-${Date.now().toString(36)}`, password: 'backup-user-pass' };
    const api = await staffApi(request);
    const created = await api.post('/api/admin/users', { data: { ...user, isAdmin: false } });
    expect(created.status(), await created.text()).toBe(201);

    await open(page, user);
    await expect(page.getByText(/\(User\)$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
    await expect(backupCard(page)).toHaveCount(0);
    await expect(downloadButton(page)).toHaveCount(0);
    expect((await page.request.get('/api/admin/backup')).status()).toBe(403);
    expect((await page.request.get('/api/admin/backup/ready')).status()).toBe(403);
  });
});

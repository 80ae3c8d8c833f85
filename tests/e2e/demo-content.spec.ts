// Remove the demo content (issue 21), on a server of its own: every other spec relies on the demo
// studio, which this journey removes. The server gets its own port and data directory, and exactly
// it is stopped (by its process id) afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { E2E_ADMIN } from '../../playwright.config';
import { expect, expectAccessible, test } from './fixtures';

let server: ChildProcess | undefined;
let dataDir = '';
let base = '';
let output = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-demo-content-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: base,
      // The studio's own name: it is not demo content and stays.
      SITE_NAME: 'Kestrel Games',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  // Ready when /readyz answers; a server that exited shows its output in the failure.
  await expect
    .poll(
      async () => {
        if (server!.exitCode !== null) return `the demo server exited:\n${output}`;
        return fetch(`${base}/readyz`).then(
          (r) => (r.ok ? 'ready' : `not ready (${r.status})`),
          () => 'not listening yet',
        );
      },
      { timeout: 100_000, intervals: [250] },
    )
    .toBe('ready');
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(server.pid, 'SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const VIEWS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

test('an administrator removes the demo content from Site Settings, after a confirmation naming it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${base}/`);
  await expect(page.getByRole('heading', { name: 'Lantern Drift' }).first()).toBeVisible();
  const login = await page.request.post(`${base}/api/admin/login`, { data: E2E_ADMIN });
  expect(login.status()).toBe(200);

  // The dashboard tells a new owner where to go.
  await page.goto(`${base}/admin-page`);
  await expect(page.getByRole('note')).toContainText("This site still shows the demo studio's content.");
  await page.screenshot({ path: 'test-results/screenshots/demo-content-dashboard-hint.png' });
  await page.getByRole('link', { name: 'Remove it in Site Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site Settings' })).toBeVisible();

  // The confirmation, in both themes, on a desktop and a phone.
  for (const theme of ['dark', 'light'] as const) {
    for (const view of VIEWS) {
      await page.setViewportSize(view.viewport);
      await page.evaluate((t) => localStorage.setItem('vite-ui-theme', t), theme);
      await page.goto(`${base}/admin-page/site-settings`);
      await page.getByRole('button', { name: 'Remove the demo content' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Remove the demo content?' });
      await expect(dialog).toContainText('6 apps (Lantern Drift, Tidepool Tactics');
      await expect(dialog).toContainText('the demo About Us, privacy policy, home texts, contact details');
      await expect(dialog).toContainText('4 social links');
      await expect(dialog).toContainText("the studio press kit's demo credits");
      await expect(dialog).toContainText(/\d+ images/);
      await expect(dialog).toContainText("the Analytics screen's sample figures");
      await page.screenshot({ path: `test-results/screenshots/demo-content-${view.name}-${theme}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  }

  // A post of the studio's under a demo app keeps that app, and the confirmation says so.
  const apps = (await (await page.request.get(`${base}/api/apps`)).json()) as { id: number; slug: string }[];
  const moss = apps.find((a) => a.slug === 'moss-and-bolt')!;
  const post = await page.request.post(`${base}/api/admin/blogs`, {
    data: { appId: moss.id, title: 'Our first devlog', content: '<p>Written by the studio.</p>', isPublished: true },
  });
  expect(post.status(), await post.text()).toBe(201);
  await page.setViewportSize(VIEWS[0].viewport);
  await page.goto(`${base}/admin-page/site-settings`);
  await page.getByRole('button', { name: 'Remove the demo content' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove the demo content?' });
  await expect(dialog).toContainText('5 apps (Lantern Drift, Tidepool Tactics, Pocket Orchard');
  await expect(dialog).toContainText('Kept as yours: Moss & Bolt (it has a post of yours).');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screenshots/demo-content-desktop-light-kept.png' });
  await dialog.getByRole('button', { name: 'Remove demo content' }).click();
  await expect(page.getByText('Demo content removed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the demo content' })).toBeHidden();

  await page.goto(`${base}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Lantern Drift')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Moss & Bolt' })).toBeVisible();
  expect((await page.request.get(`${base}/.well-known/apple-app-site-association`)).status()).toBe(404);
  // The studio's pages read cleanly without the demo's texts (their never-written state).
  for (const [name, url] of [
    ['home', '/'],
    ['about', '/about'],
    ['privacy', '/privacy'],
    ['contact', '/contact'],
    ['press', '/press'],
  ] as const) {
    const res = await page.goto(`${base}${url}`);
    expect(res?.status(), url).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('body')).toContainText('Kestrel Games');
    // The home page lists Moss & Bolt, which stays with its links to the demo studio's accounts.
    if (name !== 'home') await expect(page.locator('body')).not.toContainText('Northpaw');
    await page.screenshot({ path: `test-results/screenshots/demo-removed-${name}.png`, fullPage: true });
  }
  await page.goto(`${base}/admin-page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Remove it in Site Settings' })).toHaveCount(0);
  // The sample figures went with it: the Analytics screen has no sample banner any more.
  await page.goto(`${base}/admin-page/analytics`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByText(/^Showing \d{4}-\d{2}-\d{2} to /)).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Sample data' })).toHaveCount(0);
  await expect(page.getByText('(sample data)')).toHaveCount(0);
});

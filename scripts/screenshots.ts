// npm run screenshots: every public page and every admin screen at 1280x800 and 390x844, light and
// dark, into screenshots/.
// Starts the production server on a fresh embedded database with the demo content.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { browserPath } from './find-browser';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'screenshots');

const PAGES = [
  ['home', '/'],
  ['about', '/about'],
  ['contact', '/contact'],
  ['privacy', '/privacy'],
  ['app-page', '/apps/lantern-drift'],
  ['app-page-coming-soon', '/apps/quiet-hours'],
  ['app-privacy', '/apps/lantern-drift/privacy'],
  ['app-privacy-studio', '/apps/brightlist/privacy'],
  ['app-delete-account', '/apps/lantern-drift/delete-account'],
  ['app-support', '/apps/lantern-drift/support'],
  ['app-press', '/apps/lantern-drift/press'],
  ['press', '/press'],
  ['app-blogs', '/apps/1/blogs'],
  ['app-blogs-empty', '/apps/2/blogs'],
  ['blog-post', '/blogs/2'],
  ['blog-index', '/blog'],
  ['not-found', '/no-such-page'],
] as const;

const ADMIN_PAGES = [
  ['admin-sign-in', '/admin-page/auth'],
  ['admin-dashboard', '/admin-page'],
  ['admin-apps', '/admin-page/apps'],
  ['admin-app-new', '/admin-page/apps/new'],
  ['admin-app-edit', '/admin-page/apps/edit?id=1'],
  ['admin-blogs', '/admin-page/blogs'],
  ['admin-home-content', '/admin-page/home-content'],
  ['admin-about-us', '/admin-page/about-us'],
  ['admin-contact', '/admin-page/contact'],
  ['admin-privacy', '/admin-page/privacy'],
  ['admin-social-media', '/admin-page/social-media'],
  ['admin-store-files', '/admin-page/store-files'],
  ['admin-app-privacy', '/admin-page/apps/privacy?id=1'],
  ['admin-deletion-requests', '/admin-page/deletion-requests'],
  ['admin-press', '/admin-page/press'],
  ['admin-messages', '/admin-page/messages'],
  ['admin-users', '/admin-page/users'],
] as const;
const ADMIN = { username: 'admin', password: 'screenshots-password' };

// The phone is an iPhone, so an app page shows the App Store badge first, as it would there.
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }, undefined],
  ['mobile', { width: 390, height: 844 }, IPHONE_UA],
] as const;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'studio-shots-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: work,
      LOG_LEVEL: 'warn',
      SITE_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: browserPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        if (i > 300) throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    mkdirSync(OUT, { recursive: true });
    for (const theme of ['dark', 'light'] as const) {
      for (const [device, viewport, userAgent] of VIEWPORTS) {
        const context = await browser.newContext({ viewport, userAgent, colorScheme: theme, deviceScaleFactor: 1 });
        await context.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
        const page = await context.newPage();
        const shoot = async (name: string, url: string) => {
          await page.goto(base + url, { waitUntil: 'networkidle' });
          const file = path.join(OUT, `${name}-${device}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(path.relative(ROOT, file));
        };
        for (const [name, url] of PAGES) await shoot(name, url);
        await shoot(...ADMIN_PAGES[0]);
        const signIn = await page.request.post(`${base}/api/admin/login`, { data: ADMIN });
        if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
        for (const [name, url] of ADMIN_PAGES.slice(1)) await shoot(name, url);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

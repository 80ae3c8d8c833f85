// npm run screenshots: every public page at 1280x800 and 390x844, light and dark, into screenshots/.
// Starts the production server on a fresh embedded database with the demo content.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'screenshots');

const PAGES = [
  ['home', '/'],
  ['about', '/about'],
  ['contact', '/contact'],
  ['privacy', '/privacy'],
  ['app-blogs', '/apps/1/blogs'],
  ['app-blogs-empty', '/apps/2/blogs'],
  ['blog-post', '/blogs/2'],
  ['not-found', '/no-such-page'],
] as const;

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 390, height: 844 }],
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
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: work, LOG_LEVEL: 'warn', SITE_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
      for (const [device, viewport] of VIEWPORTS) {
        const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1 });
        await context.addInitScript((t) => localStorage.setItem('vite-ui-theme', t), theme);
        const page = await context.newPage();
        for (const [name, url] of PAGES) {
          await page.goto(base + url, { waitUntil: 'networkidle' });
          const file = path.join(OUT, `${name}-${device}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(path.relative(ROOT, file));
        }
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

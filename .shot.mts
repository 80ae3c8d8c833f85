import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4221';
const [,, path, selector, out, w, h, scheme] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: Number(w), height: Number(h) }, colorScheme: (scheme as 'dark'|'light') ?? 'dark' });
const page = await ctx.newPage();
await page.addInitScript((s) => localStorage.setItem('vite-ui-theme', s), scheme ?? 'dark');
if (path.startsWith('/admin-page')) {
  await page.goto(base + '/admin-page/auth');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('shot-password-1');
  await page.getByRole('button', { name: /sign in|login/i }).click();
  await page.waitForURL(/admin-page(?!\/auth)/);
}
await page.goto(base + path);
await page.waitForTimeout(1500);
if (selector && selector !== '-') { const el = page.locator(selector).first(); await el.scrollIntoViewIfNeeded(); await el.screenshot({ path: out }); }
else await page.screenshot({ path: out, fullPage: true });
await browser.close();

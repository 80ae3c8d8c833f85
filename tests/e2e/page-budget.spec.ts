// Public pages lighter than WordPress (issue 10): the first view of every public page, in a real
// browser on a phone and a desktop, is at most 20 KB of HTML, CSS and JavaScript (gzip) in at most
// 8 requests before images, with no font to speak of, no island or admin code and no data copy.
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from '@playwright/test';
import { expect, test } from './fixtures';

const PAGES = ['/', '/about', '/contact', '/privacy', '/apps/1/blogs', '/blogs/1'];
const BUDGET = { bytes: 20 * 1024, requests: 8, fontBytes: 20 * 1024 };
/** What a first view needs before its images: the document, styles, scripts, fonts, data. */
const BEFORE_IMAGES = new Set(['document', 'stylesheet', 'script', 'font', 'fetch', 'xhr']);
const WEIGHED = new Set(['document', 'stylesheet', 'script']);
const ISLAND_OR_ADMIN = /\/assets\/(theme-menu|mobile-menu|contact-form|hydrate|entry-client|admin)[-.]/;

interface FirstView {
  requests: string[];
  gzipBytes: number;
  fonts: { url: string; bytes: number }[];
  html: string;
}

async function firstView(browser: Browser, path: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  try {
    const response = await page.goto(path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const view: FirstView = { requests: [], gzipBytes: 0, fonts: [], html: (await response!.text()) ?? '' };
    for (const request of seen) {
      const type = request.resourceType();
      if (!BEFORE_IMAGES.has(type)) continue;
      view.requests.push(`${type} ${new URL(request.url()).pathname}`);
      const body = await (await request.response())?.body();
      if (!body) continue;
      if (WEIGHED.has(type)) view.gzipBytes += gzipSync(body, { level: 6 }).length;
      if (type === 'font') view.fonts.push({ url: request.url(), bytes: body.length });
    }
    return view;
  } finally {
    await context.close();
  }
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`first view on a ${device}`, () => {
    for (const path of PAGES) {
      test(`${path} stays within 20 KB and 8 requests`, async ({ browser }) => {
        const view = await firstView(browser, path, viewport);
        const figures = `${path} on a ${device}: ${(view.gzipBytes / 1024).toFixed(1)} KiB gzip in ${view.requests.length} requests (${view.requests.join(', ')})`;
        test.info().annotations.push({ type: 'weight', description: figures });
        console.log(figures);
        expect(view.gzipBytes, figures).toBeLessThanOrEqual(BUDGET.bytes);
        expect(view.requests.length, figures).toBeLessThanOrEqual(BUDGET.requests);
        for (const font of view.fonts) expect(font.bytes, `font ${font.url}`).toBeLessThanOrEqual(BUDGET.fontBytes);
        // Islands load on interaction, the admin never.
        expect(
          view.requests.filter((r) => ISLAND_OR_ADMIN.test(r)),
          figures,
        ).toEqual([]);
        // Static HTML: no copy of the page's data for a client app to pick up.
        expect(view.html).not.toContain('__BOOT__');
        expect(view.html).not.toMatch(/"queries":|"dehydratedAt"/);
      });
    }
  });
}

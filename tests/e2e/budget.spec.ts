// The weight of a first view: each public page opened once, in a fresh browser context (cold cache)
// on a phone (390x844) and a desktop (1280x800), then left alone until the network is idle. Every
// request is recorded. Budget: at most 8 requests before images, at most 20 KB of HTML, CSS and
// JavaScript (each body gzipped at level 6), no font over 20 KB, no island or admin code, and static
// HTML with no copy of the page's data. Each page's figures are printed, so a run shows the weights.
import { gzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

const PAGES = [
  '/',
  '/about',
  '/contact',
  '/privacy',
  '/blog',
  '/apps/lantern-drift',
  '/apps/1/blogs',
  '/blogs/1',
  // Issue 14: an app's support and account-deletion pages (the form's island loads on interaction).
  '/apps/lantern-drift/support',
  '/apps/lantern-drift/delete-account',
  // Issue 24: the demo studio's pages in German.
  '/de',
  '/de/blog',
  '/de/apps/lantern-drift',
  '/de/blogs/2',
  '/de/apps/lantern-drift/support',
  // Decision 111: the press kits and an app's privacy policy in German.
  '/de/press',
  '/de/apps/lantern-drift/press',
  '/de/apps/lantern-drift/privacy',
  // Issue 25: the catalogue of apps, bare and filtered.
  '/apps',
  '/apps?platform=android&status=live',
  '/de/apps',
  // Issue 25: site search's results, in English and German.
  '/search?q=lantern',
  '/de/search?q=Leuchten',
];
const BUDGET = { requests: 8, gzipBytes: 20 * 1024, fontBytes: 20 * 1024 };
/** The Web Vitals code (islands/vitals.ts and the web-vitals package), loaded after the first view. */
const VITALS_CHUNK = /\/assets\/vitals-[^/]+\.js$/;
/** Its own budget: web-vitals' four metrics are about 3.3 KB gzip, the beacon a few hundred bytes. */
const VITALS_BUDGET = 4 * 1024;
/** Requests a page needs before its images (the SVG sprite /icons.svg counts as an image). */
const BEFORE_IMAGES = new Set(['document', 'stylesheet', 'script', 'font', 'fetch', 'xhr']);
/** What is weighed: the HTML, CSS and JavaScript. */
const WEIGHED = new Set(['document', 'stylesheet', 'script']);
/** Code a first view must not load: islands (on interaction only), React to hydrate them, the admin. */
const NOT_ON_FIRST_VIEW: { what: string; pattern: RegExp }[] = [
  {
    what: 'island chunk',
    pattern: /\/assets\/(theme-menu|mobile-menu|contact-form|screenshot-gallery|trailer|visit-counting)-[^/]+\.js$/,
  },
  // Issue 27: real-user speed is measured after the first view (decision 125), never as part of it.
  { what: 'Web Vitals code', pattern: VITALS_CHUNK },
  { what: 'island runtime', pattern: /\/assets\/hydrate-[^/]+\.js$/ },
  { what: 'admin code', pattern: /\/assets\/(entry-client|admin)[^/]*\.(js|css)$/ },
];
const DEVICES = [
  {
    name: 'phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
] as const;

interface Entry {
  type: string;
  method: string;
  path: string;
  status: number | null;
  /** Bytes on the wire (as encoded by the server), headers not counted. */
  transferBytes: number;
  /** Decoded body. */
  bodyBytes: number;
  /** Decoded body gzipped at level 6 (document, stylesheet, script only). */
  gzipBytes: number;
}

interface FirstView {
  entries: Entry[];
  html: string;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Loads the page once, untouched, and records every request it made until the network was idle. */
async function firstView(page: Page, path: string): Promise<FirstView> {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const finished = new Set<Request>();
  page.on('requestfinished', (request) => finished.add(request));

  const response = await page.goto(path, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState('networkidle');

  const entries: Entry[] = [];
  for (const request of requests) {
    const type = request.resourceType();
    const res = await request.response();
    const entry: Entry = {
      type,
      method: request.method(),
      path: new URL(request.url()).pathname,
      status: res?.status() ?? null,
      transferBytes: 0,
      bodyBytes: 0,
      gzipBytes: 0,
    };
    if (res && finished.has(request)) {
      entry.transferBytes = (await request.sizes()).responseBodySize;
      const body = await res.body().catch(() => null);
      if (body) {
        entry.bodyBytes = body.length;
        if (WEIGHED.has(type)) entry.gzipBytes = gzipSync(body, { level: 6 }).length;
      }
    }
    entries.push(entry);
  }
  const html = (await response!.text()) ?? '';
  return { entries, html };
}

for (const device of DEVICES) {
  test.describe(`first view on a ${device.name} (${device.use.viewport.width}x${device.use.viewport.height})`, () => {
    // Each test has a fresh context: an empty cache, no cookies, nothing stored.
    test.use(device.use);

    for (const path of PAGES) {
      // A page in German is weighed as its readers open it: in a browser that prefers German (one
      // that prefers another language is offered it: weighed below).
      test.describe(path.startsWith('/de') ? 'read in German' : 'read in English', () => {
        if (path.startsWith('/de')) test.use({ locale: 'de-DE' });
        test(`${path}: within ${BUDGET.requests} requests before images and ${kb(BUDGET.gzipBytes)} gzip`, async ({
          page,
        }) => {
          const view = await firstView(page, path);
          const beforeImages = view.entries.filter((e) => BEFORE_IMAGES.has(e.type));
          const weighed = view.entries.filter((e) => WEIGHED.has(e.type));
          const fonts = view.entries.filter((e) => e.type === 'font');
          const gzipTotal = weighed.reduce((sum, e) => sum + e.gzipBytes, 0);
          const transferTotal = weighed.reduce((sum, e) => sum + e.transferBytes, 0);
          const byType = (type: string) =>
            weighed.filter((e) => e.type === type).reduce((sum, e) => sum + e.gzipBytes, 0);
          const images = view.entries.filter((e) => !BEFORE_IMAGES.has(e.type));

          const figures =
            `${path} on a ${device.name}: ${beforeImages.length} requests before images, ` +
            `HTML+CSS+JS ${kb(gzipTotal)} gzip (HTML ${kb(byType('document'))}, CSS ${kb(byType('stylesheet'))}, ` +
            `JS ${kb(byType('script'))}; ${kb(transferTotal)} as sent), ` +
            `${fonts.length} font${fonts.length === 1 ? '' : 's'}, ${images.length} other (images etc.)\n` +
            view.entries
              .map(
                (e) =>
                  `    ${e.type.padEnd(10)} ${String(e.status ?? '-').padEnd(4)} ${e.path}  ` +
                  `${kb(e.transferBytes)} sent, ${kb(e.bodyBytes)} body${WEIGHED.has(e.type) ? `, ${kb(e.gzipBytes)} gzip` : ''}`,
              )
              .join('\n');
          console.log(figures);
          test.info().annotations.push({ type: 'weight', description: figures });

          // Every request answered (a failed request would make the figures meaningless).
          expect(
            view.entries.filter((e) => e.status === null || e.status >= 400).map((e) => `${e.status} ${e.path}`),
            `failed requests: ${figures}`,
          ).toEqual([]);
          // (a) Requests before images.
          expect(beforeImages.length, `requests before images: ${figures}`).toBeLessThanOrEqual(BUDGET.requests);
          // (b) HTML, CSS and JavaScript, gzipped.
          expect(gzipTotal, `HTML+CSS+JS gzip bytes: ${figures}`).toBeLessThanOrEqual(BUDGET.gzipBytes);
          // (c) No heavy font (system fonts are the design: none is expected at all).
          if (fonts.length > 0)
            console.log(`${path} on a ${device.name} loads fonts: ${fonts.map((f) => f.path).join(', ')}`);
          expect(
            fonts.filter((f) => f.bodyBytes > BUDGET.fontBytes).map((f) => `${f.path} ${kb(f.bodyBytes)}`),
            `fonts over ${kb(BUDGET.fontBytes)}: ${figures}`,
          ).toEqual([]);
          // (d) No island or admin code until someone reaches for it.
          for (const { what, pattern } of NOT_ON_FIRST_VIEW) {
            expect(
              view.entries.filter((e) => pattern.test(e.path)).map((e) => e.path),
              `${what} on first view: ${figures}`,
            ).toEqual([]);
          }
          // Nothing asked the API either: the page came complete. (The analytics beacon, issue 27, is
          // a write the page sends, not a read it needs.)
          expect(
            view.entries
              .filter((e) => e.path.startsWith('/api/') && !(e.method === 'POST' && e.path === '/api/events'))
              .map((e) => `${e.method} ${e.path}`),
            `API requests on first view: ${figures}`,
          ).toEqual([]);
          // The page is what the architecture says: the public stylesheet and the island loader.
          expect(
            view.entries.some((e) => e.type === 'stylesheet' && /^\/assets\/public-[^/]+\.css$/.test(e.path)),
            figures,
          ).toBe(true);
          expect(
            view.entries.some((e) => e.type === 'script' && /^\/assets\/loader-[^/]+\.js$/.test(e.path)),
            figures,
          ).toBe(true);
          // (e) Static HTML: no boot object, no dehydrated query data.
          expect(view.html.length, path).toBeGreaterThan(0);
          expect(view.html, `${path}: __BOOT__ in the HTML`).not.toContain('__BOOT__');
          expect(view.html, `${path}: dehydrated queries in the HTML`).not.toContain('"queries":');
          expect(view.html, `${path}: dehydrated data in the HTML`).not.toContain('"dehydratedAt"');
          // No island was hydrated without an interaction.
          await expect(page.locator('studio-island[data-hydrated]')).toHaveCount(0);
        });
      });
    }
  });
}

// A visitor whose browser prefers another language the page has is offered it (issue 24): the offer
// costs them at most two small scripts more; a visitor reading their own language loads neither.
test('the offer of another language weighs at most 2 KB gzip, in two scripts', async ({ page }) => {
  const view = await firstView(page, '/de');
  const offer = view.entries.filter((e) => /\/assets\/language-(choice|note)-[^/]+\.js$/.test(e.path));
  expect(offer).toHaveLength(2);
  expect(offer.reduce((sum, e) => sum + e.gzipBytes, 0)).toBeLessThanOrEqual(2 * 1024);
  await expect(page.getByRole('link', { name: 'View this page in English?' })).toBeVisible();
});

// Real-user speed (issue 27, decision 125): the Web Vitals code is not part of the first view; it
// loads on its own once the page has been idle a few seconds (or at the first press), within its
// own small budget.
test(`the Web Vitals code loads after the first view, within ${kb(VITALS_BUDGET)} gzip`, async ({ page }) => {
  const later: Request[] = [];
  const view = await firstView(page, '/');
  expect(view.entries.filter((e) => VITALS_CHUNK.test(e.path)).map((e) => e.path)).toEqual([]);
  page.on('request', (request) => {
    if (request.resourceType() === 'script') later.push(request);
  });
  const vitals = await page.waitForResponse((res) => VITALS_CHUNK.test(new URL(res.url()).pathname), {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle');
  let gzipBytes = 0;
  const loaded: string[] = [];
  for (const request of later) {
    const body = await (await request.response())?.body();
    if (!body) continue;
    gzipBytes += gzipSync(body, { level: 6 }).length;
    loaded.push(`${new URL(request.url()).pathname} ${kb(gzipSync(body, { level: 6 }).length)}`);
  }
  console.log(`Web Vitals code loaded after the first view: ${kb(gzipBytes)} gzip\n    ${loaded.join('\n    ')}`);
  expect(vitals.status()).toBe(200);
  expect(gzipBytes, loaded.join(', ')).toBeLessThanOrEqual(VITALS_BUDGET);
  // Nothing was hydrated by it, and nothing was sent: the page is still open.
  await expect(page.locator('studio-island[data-hydrated]')).toHaveCount(0);
});

// Pages whose body reads are slow are streamed: the head and the page's skeleton (SPEC's loading
// states) at once, the content when the reads arrive; then the page is kept whole. Reads are held
// with a hook on the API routes, seen over real HTTP and in a real browser.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPath } from '../../../scripts/find-browser';
import { createTestApp, staffSessions, type TestContext } from '../../../tests/setup/test-app';
import { HOME_SKELETON_CARDS } from '../../shared/constants';
import { productionWeb } from './web';

/** Reads held by path until released (or failed). */
const holds = new Map<string, { promise: Promise<void>; release: () => void; fail: () => void }>();

function hold(path: string) {
  let release!: () => void;
  let fail!: () => void;
  const promise = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = () => reject(new Error('held read failed on purpose'));
  });
  promise.catch(() => undefined);
  const entry = { promise, release, fail };
  holds.set(path, entry);
  return {
    release: () => {
      holds.delete(path);
      release();
    },
    fail: () => {
      holds.delete(path);
      fail();
    },
  };
}

/** Every GET API route waits while its path is held. */
function holdable(route: RouteOptions) {
  if (route.method !== 'GET' || !route.url.startsWith('/api/')) return;
  const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
  route.onRequest = [
    ...own,
    async (request) => {
      const held = holds.get(request.url.split('?')[0]!);
      if (held) await held.promise;
    },
  ] as RouteOptions['onRequest'];
}

let ctx: TestContext;
let base: string;
let browser: Browser;

beforeAll(async () => {
  ctx = await createTestApp({}, { web: productionWeb(), onRoute: holdable });
  const { admin } = await staffSessions(ctx);
  const put = (url: string, payload: object, method: 'PUT' | 'POST' = 'PUT') =>
    ctx.app.inject({ method, url, headers: { cookie: admin }, payload });
  await put('/api/privacy-policy', { content: '<h2>What we keep</h2><p>Nothing.</p>', lastUpdated: '14/05/2025' });
  await put('/api/contact', { email: 'hello@studio.example', location: 'Bristol' });
  await put('/api/home-content', { heroTitle: 'Small games', featuredAppTitle: 'Our games' });
  const app = await put(
    '/api/apps',
    {
      title: 'Lantern Drift',
      description: 'Calm puzzles.',
      icon: '/media/demo/default-icon.svg',
      screenshots: ['/media/demo/default-icon.svg'],
      status: 'Live',
    },
    'POST',
  );
  expect(app.statusCode).toBe(201);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: browserPath(),
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** A GET over real HTTP: resolves with the first chunk, and later the whole body. */
function get(path: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; first: string; body: Promise<string> }>(
    (resolve, reject) => {
      http
        .get(`${base}${path}`, (res) => {
          let text = '';
          const body = new Promise<string>((done) => res.on('end', () => done(text)));
          res.setEncoding('utf8');
          res.once('data', (chunk: string) => {
            text += chunk;
            res.on('data', (more: string) => (text += more));
            resolve({ status: res.statusCode!, headers: res.headers, first: chunk, body });
          });
        })
        .on('error', reject);
    },
  );
}

/** As after a content change: every cached page goes. */
const clearPages = () => ctx.app.deps.content.changed();

describe('a page whose reads are slow', () => {
  it('sends its head and skeleton at once, the content when the reads arrive, then keeps it whole', async () => {
    await clearPages();
    const apps = hold('/api/apps');
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    // The head is complete (its reads came first); the apps are not there yet.
    expect(res.first).toContain('<title>Small games | ');
    expect(res.first).toContain('data-pending');
    expect(res.first.match(/data-testid="app-card-skeleton"/g)).toHaveLength(HOME_SKELETON_CARDS);
    expect(res.first).not.toContain('Lantern Drift');
    apps.release();
    const body = await res.body;
    expect(body).toContain('Lantern Drift');
    expect(body).toContain('"@type":"Organization"');
    expect(body.trimEnd().endsWith('</html>')).toBe(true);

    // The next visitor gets the page whole, from the cache, with no skeleton.
    const again = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(again.headers.etag).toBeDefined();
    expect(again.body).not.toContain('data-pending');
    expect(again.body).toContain('Lantern Drift');
  });

  it('sends the page whole when the reads are quick', async () => {
    await clearPages();
    const res = await get('/privacy');
    const body = await res.body;
    expect(body).not.toContain('data-pending');
    expect(res.headers.etag).toBeDefined();
  });

  it('is compressed as it streams', async () => {
    await clearPages();
    const policy = hold('/api/privacy-policy');
    const res = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/privacy`, { headers: { 'accept-encoding': 'gzip' } }, resolve),
    );
    expect(res.headers['content-encoding']).toBe('gzip');
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    // The start arrives before the read is released.
    await new Promise((r) => res.once('data', r));
    policy.release();
    await new Promise((r) => res.on('end', r));
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toContain('What we keep');
  });
});

describe('in a browser, each page shows its loading state while its reads are held', () => {
  async function open(path: string, held: string) {
    await clearPages();
    const read = hold(held);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(base + path, { waitUntil: 'commit' });
    return { page, read };
  }
  const done = (page: Page) => page.close();

  it('home: 6 skeleton cards, then the apps', async () => {
    const { page, read } = await open('/', '/api/apps');
    await page.getByTestId('app-card-skeleton').first().waitFor();
    expect(await page.getByTestId('app-card-skeleton').count()).toBe(HOME_SKELETON_CARDS);
    expect(await page.getByLabel('Loading apps').getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Small games');
    read.release();
    await page.getByTestId('app-card').first().waitFor();
    await page.getByTestId('app-card-skeleton').first().waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Loading apps').isVisible()).toBe(false);
    await done(page);
  });

  it('privacy: the skeleton under the title, then the policy', async () => {
    const { page, read } = await open('/privacy', '/api/privacy-policy');
    await page.getByTestId('privacy-skeleton').waitFor();
    expect(await page.getByTestId('privacy-skeleton').getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
    expect(await page.getByText(/^Last updated/).count()).toBe(0);
    read.release();
    await page.getByRole('heading', { name: 'What we keep' }).waitFor();
    await page.getByTestId('privacy-skeleton').waitFor({ state: 'hidden' });
    await done(page);
  });

  it('about: a spinner, then the content', async () => {
    const { page, read } = await open('/about', '/api/about-us');
    const spinner = page.getByRole('status');
    await spinner.waitFor();
    expect(await spinner.textContent()).toBe('Loading About Us');
    read.release();
    // No About Us content yet: the page says so.
    await page.getByText('Content not available', { exact: true }).waitFor();
    await spinner.waitFor({ state: 'hidden' });
    await done(page);
  });

  it("about: 'Failed to load content' when the read fails after the page started, and it is not kept", async () => {
    const { page, read } = await open('/about', '/api/about-us');
    await page.getByRole('status').waitFor();
    read.fail();
    await page.getByRole('heading', { level: 1, name: 'Failed to load content' }).waitFor();
    await page.getByText('Please try again later', { exact: true }).waitFor();
    expect(await page.getByRole('status').isVisible()).toBe(false);
    expect(await page.title()).toMatch(/^About Us \| /);
    await done(page);
    // The failed render was not cached: the next visitor gets the real page.
    const next = await ctx.app.inject({ url: '/about' });
    expect(next.body).not.toContain('Failed to load content');
    expect(next.body).toContain('Content not available');
  });

  it('contact: skeleton placeholders in the info panel, then the details', async () => {
    const { page, read } = await open('/contact', '/api/contact');
    await page.getByTestId('contact-skeleton').waitFor();
    // The form is there at once: it needs no read.
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    read.release();
    await page.getByRole('link', { name: 'hello@studio.example' }).waitFor();
    await page.getByTestId('contact-skeleton').waitFor({ state: 'hidden' });
    // The hidden copy sent first takes no ids: the visible fields keep their labels.
    expect(await page.locator('#firstName').count()).toBe(1);
    await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
    expect(await page.getByRole('textbox', { name: 'First name' }).isVisible()).toBe(true);
    await done(page);
  });
});

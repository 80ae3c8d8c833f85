// What search engines, feed readers and slow devices get: server-rendered pages that work without
// JavaScript, head tags and structured data, robots.txt, sitemap.xml, RSS, HTTP caching and the
// scripts a visitor downloads (the island loader, and island code only on demand).
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, sitemap, staffApi, test } from './fixtures';
import { api } from '../../src/shared/paths';

interface App {
  id: number;
  title: string;
  description: string;
  icon: string;
  screenshots: string[];
  googlePlayLink: string | null;
  appStoreLink: string | null;
  webAppLink: string | null;
  updatedAt: string;
  slug: string;
  kind: string;
  appleAppId: string | null;
  googlePlayPackage: string | null;
  priceAmount: string | null;
  priceCurrency: string | null;
}
interface Post {
  id: number;
  appId: number;
  title: string;
  images: string[];
  isPublished: boolean;
  publishedAt: string | null;
  updatedAt: string;
  slug: string;
}
/** A post's readable (canonical) address. */
const readable = (p: Pick<Post, 'id' | 'slug'>) => `/blogs/${p.id}/${p.slug}`;
type JsonLd = Record<string, unknown> & { '@type': string };

const SITE = 'Northpaw Studio';
const LANTERN_DRIFT = 1;
/** The demo apps that are games (SPEC: the home grid is 'Featured Games'). */
const GAMES = ['Lantern Drift', 'Tidepool Tactics', 'Moss & Bolt'];
const NON_GAMES = ['Brightlist', 'Quiet Hours'];
/** The studio's generated share card (home, about, contact, privacy). */
const STUDIO_CARD = /\/og\/site\/studio-[0-9a-f]{8}\.png$/;
/** scripts/compress-assets.ts leaves files under this size uncompressed (nothing to gain). */
const COMPRESS_MIN_BYTES = 512;

/** Width and height from a PNG's IHDR or a JPEG's SOF marker. */
function imageSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
    at += 2 + length;
  }
  throw new Error('not a PNG or JPEG');
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** Every published post the public reads, the studio's own included (the demo has fewer than 50). */
async function publishedPosts(request: APIRequestContext): Promise<Post[]> {
  return getJson<Post[]>(request, '/api/blogs?pageSize=50');
}

const storeLinks = (app: App) => [app.googlePlayLink, app.appStoreLink, app.webAppLink].filter((l): l is string => !!l);

const meta = (page: Page, attr: 'name' | 'property', key: string) =>
  page.locator(`head meta[${attr}="${key}"]`).getAttribute('content');

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((s) => JSON.parse(s) as JsonLd);
}

/** An XML document parsed by the browser's strict XML parser (on the blank start page). */
async function parseXml(page: Page, text: string) {
  return page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const error = doc.querySelector('parsererror');
    return {
      error: error?.textContent ?? null,
      root: doc.documentElement.nodeName,
      namespace: doc.documentElement.namespaceURI,
      version: doc.documentElement.getAttribute('version'),
      urls: [...doc.getElementsByTagName('url')].map((u) => ({
        loc: u.getElementsByTagName('loc')[0]?.textContent ?? '',
        lastmod: u.getElementsByTagName('lastmod')[0]?.textContent ?? null,
      })),
      channel: {
        title: doc.querySelector('channel > title')?.textContent ?? null,
        link: doc.querySelector('channel > link')?.textContent ?? null,
        description: doc.querySelector('channel > description')?.textContent ?? null,
      },
      items: [...doc.getElementsByTagName('item')].map((item) => ({
        title: item.getElementsByTagName('title')[0]?.textContent ?? '',
        link: item.getElementsByTagName('link')[0]?.textContent ?? '',
        guid: item.getElementsByTagName('guid')[0]?.textContent ?? '',
        pubDate: item.getElementsByTagName('pubDate')[0]?.textContent ?? '',
      })),
    };
  }, text);
}

/**
 * The sitemap as a crawler reads it (issue 28): the index must be a well-formed sitemap index, each
 * part a well-formed urlset in the sitemaps namespace; answers every part's addresses together.
 */
async function sitemapUrls(page: Page, request: APIRequestContext) {
  const { index, parts } = await sitemap(request);
  const head = await parseXml(page, index);
  expect(head.error).toBeNull();
  expect(head.root).toBe('sitemapindex');
  expect(head.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const urls: { loc: string; lastmod: string | null }[] = [];
  for (const text of parts) {
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const xml = await parseXml(page, text);
    expect(xml.error).toBeNull();
    expect(xml.root).toBe('urlset');
    expect(xml.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    urls.push(...xml.urls);
  }
  return { urls };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page is complete in the server HTML', async ({ page, request }) => {
    const post = (await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`)).find((p) => p.images.length > 0)!;
    const pages: { path: string; h1: string | RegExp; check: (page: Page) => Promise<void> }[] = [
      {
        path: '/',
        h1: 'Small games, made with care',
        check: async (p) => {
          await expect(p.getByTestId('app-card')).toHaveCount(6);
          await expect(p.getByRole('heading', { name: 'Featured Games' })).toBeVisible();
        },
      },
      {
        path: '/about',
        h1: 'About Northpaw Studio',
        check: async (p) => {
          await expect(p.getByRole('heading', { level: 2, name: 'Our mission' })).toBeVisible();
          await expect(p.getByText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
        },
      },
      {
        path: '/contact',
        h1: 'Contact Us',
        check: async (p) => {
          await expect(p.getByRole('link', { name: 'hello@northpaw.studio' })).toHaveAttribute(
            'href',
            'mailto:hello@northpaw.studio',
          );
          await expect(p.getByText('Bristol, United Kingdom')).toBeVisible();
          await expect(p.getByLabel('First name')).toBeVisible();
          // The form is a plain POST to the server, which handles it without JavaScript.
          const form = p.getByRole('region', { name: 'Send a Message' }).locator('form');
          await expect(form).toHaveAttribute('method', 'post');
          await expect(form).toHaveAttribute('action', '/contact#send-title');
          await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();
          await expect(p.getByTestId('contact-skeleton')).toHaveCount(0);
        },
      },
      {
        path: '/privacy',
        h1: 'Privacy Policy',
        check: async (p) => {
          await expect(p.getByRole('heading', { level: 2, name: 'Information we collect' })).toBeVisible();
          // (The demo policy text repeats an older date of its own; the page's line comes first.)
          await expect(p.getByText(/^Last updated: \d{1,2} [A-Z][a-z]+ \d{4}$/).first()).toBeVisible();
        },
      },
      {
        path: `/apps/${LANTERN_DRIFT}/blogs`,
        h1: 'Lantern Drift',
        check: async (p) => {
          await expect(p.getByRole('article')).toHaveCount(3);
          await expect(p.getByRole('link', { name: /^Read More/ })).toHaveCount(3);
        },
      },
      {
        path: `/blogs/${post.id}`,
        h1: post.title,
        check: async (p) => {
          await expect(p.getByRole('heading', { level: 2, name: 'Finding the right lantern' })).toBeVisible();
          await expect(p.getByRole('region', { name: 'Gallery' }).getByRole('img')).toHaveCount(post.images.length);
          await expect(p.locator('main time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
        },
      },
    ];
    for (const { path, h1, check } of pages) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(h1);
      await check(page);
      // No loading placeholders in the server HTML.
      await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0);
    }
  });

  test('links can be followed: navigation, an app blog and Read More', async ({ page, request }) => {
    const posts = await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Northpaw Studio');

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    const lantern = page.getByTestId('app-card').filter({ has: page.getByRole('heading', { name: 'Lantern Drift' }) });
    await lantern.getByRole('link', { name: 'Blog posts' }).click();
    await expect(page).toHaveURL(new RegExp(`/apps/${LANTERN_DRIFT}/blogs$`));
    await expect(page.getByRole('article')).toHaveCount(posts.length);

    const post = posts[1]!;
    await page.getByRole('link', { name: `Read More: ${post.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blogs/${post.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await page
      .getByRole('navigation', { name: 'Back' })
      .getByRole('link', { name: 'Back to Lantern Drift Blog' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/apps/${LANTERN_DRIFT}/blogs$`));
  });

  test('each public page has its title, description, canonical, Open Graph and Twitter tags', async ({
    page,
    request,
    baseURL,
  }) => {
    const app = await getJson<App>(request, `/api/apps/${LANTERN_DRIFT}`);
    const posts = await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`);
    const withImage = posts.find((p) => p.images.length > 0)!;
    const withoutImage = posts.find((p) => p.images.length === 0)!;
    const images = new Map<string, { type: string; width: number; height: number }>();
    const cases: { path: string; title: RegExp; image?: string | RegExp }[] = [
      { path: '/', title: new RegExp(`^Small games, made with care \\| ${SITE}$`), image: STUDIO_CARD },
      { path: '/about', title: new RegExp(`^About Us \\| ${SITE}$`) },
      { path: '/contact', title: new RegExp(`^Contact \\| ${SITE}$`) },
      { path: '/privacy', title: new RegExp(`^Privacy Policy \\| ${SITE}$`) },
      {
        path: `/apps/${app.id}/blogs`,
        title: new RegExp(`^Lantern Drift Blog \\| ${SITE}$`),
        image: app.screenshots[0],
      },
      {
        path: readable(withImage),
        title: new RegExp(`^.+ \\| Lantern Drift \\| ${SITE}$`),
        image: withImage.images[0],
      },
      {
        path: readable(withoutImage),
        title: new RegExp(`^.+ \\| Lantern Drift \\| ${SITE}$`),
        image: app.screenshots[0],
      },
    ];
    const seen = new Set<string>();
    for (const { path, title, image } of cases) {
      await page.goto(path);
      const pageTitle = await page.title();
      expect(pageTitle, path).toMatch(title);
      const description = await meta(page, 'name', 'description');
      expect(description?.length ?? 0, `${path} description`).toBeGreaterThan(40);
      expect(description!.length, `${path} description`).toBeLessThanOrEqual(163);
      expect(seen.has(description!), `${path} has its own description`).toBe(false);
      seen.add(description!);

      const canonical = page.locator('head link[rel="canonical"]');
      await expect(canonical, path).toHaveCount(1);
      const href = await canonical.getAttribute('href');
      expect(href, path).toBe(`${baseURL}${path}`);
      expect(await meta(page, 'property', 'og:title'), path).toBe(pageTitle);
      expect(await meta(page, 'property', 'og:description'), path).toBe(description);
      expect(await meta(page, 'property', 'og:url'), path).toBe(href);
      expect(await meta(page, 'name', 'twitter:card'), path).toMatch(/^summary(_large_image)?$/);
      await expect(page.locator('head meta[name="robots"][content*="noindex"]'), path).toHaveCount(0);
      if (typeof image === 'string') {
        expect(await meta(page, 'property', 'og:image'), path).toBe(`${baseURL}${image}`);
      } else if (image) {
        expect(await meta(page, 'property', 'og:image'), path).toMatch(image);
      }
      if (image) expect(await meta(page, 'name', 'twitter:card'), path).toBe('summary_large_image');
      // Every page: a raster share image of at least 1200×630, with its size, type and alt text.
      const shared = await meta(page, 'property', 'og:image');
      expect(shared, path).toMatch(new RegExp(`^${baseURL}/`));
      // X reads og:title, og:description and og:image: no twitter: copies of them.
      await expect(page.locator('head meta[name="twitter:image"], head meta[name="twitter:title"]'), path).toHaveCount(
        0,
      );
      const type = await meta(page, 'property', 'og:image:type');
      expect(['image/png', 'image/jpeg'], path).toContain(type);
      const width = Number(await meta(page, 'property', 'og:image:width'));
      const height = Number(await meta(page, 'property', 'og:image:height'));
      expect(width, path).toBeGreaterThanOrEqual(1200);
      expect(height, path).toBeGreaterThanOrEqual(630);
      expect(await meta(page, 'property', 'og:image:alt'), path).toBeTruthy();
      images.set(shared!, { type: type!, width, height });
    }
    // The share images exist, in the type and size the tags say.
    for (const [url, expected] of images) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      expect(res.headers()['content-type'], url).toBe(expected.type);
      expect(res.headers()['cache-control'], url).toContain('immutable');
      expect(imageSize(await res.body()), url).toEqual({ width: expected.width, height: expected.height });
    }
  });

  test("a post's id address names its readable one as canonical, and an old slug redirects to it", async ({
    page,
    request,
    baseURL,
  }) => {
    const post = (await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`))[0]!;
    expect((await page.goto(`/blogs/${post.id}`))?.status()).toBe(200);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${readable(post)}`);
    const res = await page.goto(`/blogs/${post.id}/an-old-slug`);
    expect(res?.status()).toBe(200);
    expect(res?.request().redirectedFrom()?.url()).toBe(`${baseURL}/blogs/${post.id}/an-old-slug`);
    await expect(page).toHaveURL(`${baseURL}${readable(post)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
  });

  test('pages without their own image share the studio card', async ({ page, baseURL }) => {
    for (const path of ['/about', '/contact', '/privacy']) {
      await page.goto(path);
      await expect(page.locator('head meta[property="og:image"]'), path).toHaveAttribute(
        'content',
        new RegExp(`^${baseURL}/og/site/studio-[0-9a-f]{8}\\.png$`),
      );
      await expect(page.locator('head meta[property="og:image:alt"]'), path).toHaveAttribute('content', SITE);
    }
  });

  test('an app with phone screenshots shares a card drawn for it', async ({ page, request, baseURL }) => {
    const apps = await getJson<App[]>(request, '/api/apps');
    const phone = apps.find((a) => {
      const [, w, h] = /\/(\d+)x(\d+)\.jpg$/.exec(a.screenshots[0] ?? '') ?? [];
      return Number(w) < Number(h);
    })!;
    await page.goto(`/apps/${phone.id}/blogs`);
    const image = await meta(page, 'property', 'og:image');
    expect(image).toMatch(new RegExp(`^${baseURL}/og/app/${phone.id}-[0-9a-f]{8}\\.png$`));
    expect(await meta(page, 'property', 'og:image:alt')).toBe(`${phone.title} by ${SITE}`);
    const res = await request.get(image!);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(imageSize(await res.body())).toEqual({ width: 1200, height: 630 });
  });

  // Decision 122: the home page is a summary page (Google's pattern for a list of items each with its
  // own page): the apps are listed by their pages, and each is described on its page only.
  test('home: Organization and the list of the apps by their pages', async ({ page, request, baseURL }) => {
    const apps = await getJson<App[]>(request, '/api/apps');
    await page.goto('/');
    const ld = await jsonLd(page);
    for (const item of ld) expect(item['@context']).toBe('https://schema.org');
    expect(ld.map((x) => x['@type'])).toEqual(['Organization', 'ItemList']);
    expect(ld[0]).toMatchObject({ name: SITE, url: baseURL });
    expect(ld[1]!.itemListElement).toEqual(
      apps.map((app, index) => ({ '@type': 'ListItem', position: index + 1, url: `${baseURL}/apps/${app.slug}` })),
    );
  });

  // Issue 13: the types come from each app's kind (a game is a VideoGame and a MobileApplication),
  // its page is its url, and one offer carries its price (0 when free).
  test('each app page: one MobileApplication (and VideoGame for games) with its offer', async ({
    page,
    request,
    baseURL,
  }) => {
    const apps = await getJson<App[]>(request, '/api/apps');
    for (const app of apps) {
      await page.goto(`/apps/${app.slug}`);
      const ld = await jsonLd(page);
      expect(ld, app.title).toHaveLength(1);
      const item = ld[0]!;
      expect(item.name, app.title).toBe(app.title);
      expect(item.description, app.title).toBe(app.description);
      expect(item.url, app.title).toBe(`${baseURL}/apps/${app.slug}`);
      expect(String(item.image), app.title).toMatch(new RegExp(`^${baseURL}/`));
      expect(item, app.title).not.toHaveProperty('aggregateRating');
      if (GAMES.includes(app.title)) expect(item['@type'], app.title).toEqual(['VideoGame', 'MobileApplication']);
      if (NON_GAMES.includes(app.title)) expect(['MobileApplication', 'WebApplication']).toContain(item['@type']);

      const stores = storeLinks(app);
      if (stores.length) {
        expect(stores, `${app.title} installUrl`).toContain(item.installUrl);
        expect(item.offers, app.title).toMatchObject({
          '@type': 'Offer',
          url: item.installUrl,
          price: app.priceAmount ?? '0',
          priceCurrency: app.priceCurrency ?? 'USD',
        });
      } else {
        expect(item.installUrl, app.title).toBeUndefined();
      }
    }
  });

  test('Pocket Orchard (an idle game) is a VideoGame', async ({ page }) => {
    await page.goto('/apps/pocket-orchard');
    const item = (await jsonLd(page)).find((x) => x.name === 'Pocket Orchard');
    expect(item?.['@type']).toEqual(['VideoGame', 'MobileApplication']);
  });

  test('a post has BlogPosting structured data; an app blog page its app', async ({ page, request, baseURL }) => {
    const post = (await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`)).find((p) => p.images.length > 0)!;
    await page.goto(`/blogs/${post.id}`);
    const ld = await jsonLd(page);
    expect(ld).toHaveLength(1);
    expect(ld[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.publishedAt,
      image: `${baseURL}${post.images[0]}`,
      mainEntityOfPage: `${baseURL}${readable(post)}`,
      publisher: { '@type': 'Organization', name: SITE },
    });
    expect(Number.isNaN(Date.parse(String(ld[0]!.datePublished)))).toBe(false);
    expect(String(ld[0]!.description).length).toBeGreaterThan(40);

    await page.goto(`/apps/${LANTERN_DRIFT}/blogs`);
    const appLd = await jsonLd(page);
    expect(appLd).toHaveLength(1);
    expect(appLd[0]).toMatchObject({ '@type': ['VideoGame', 'MobileApplication'], name: 'Lantern Drift' });
  });

  // Issue 13: the banner's app-argument is the page's own address.
  test('app blog pages of App Store apps carry the Smart App Banner tag', async ({ page, request, baseURL }) => {
    const apps = await getJson<App[]>(request, '/api/apps');
    expect(apps.filter((a) => a.appStoreLink).length).toBeGreaterThanOrEqual(2);
    for (const app of apps) {
      await page.goto(`/apps/${app.id}/blogs`);
      const tag = page.locator('head meta[name="apple-itunes-app"]');
      if (app.appStoreLink) {
        const id = app.appleAppId ?? /\/id(\d+)/.exec(app.appStoreLink)![1];
        await expect(tag, app.title).toHaveAttribute(
          'content',
          `app-id=${id}, app-argument=${baseURL}/apps/${app.id}/blogs`,
        );
      } else {
        await expect(tag, app.title).toHaveCount(0);
      }
    }
  });

  test('home and app blog pages advertise their RSS feeds', async ({ page, request, baseURL }) => {
    for (const [path, feed] of [
      ['/', '/rss.xml'],
      [`/apps/${LANTERN_DRIFT}/blogs`, `/apps/${LANTERN_DRIFT}/rss.xml`],
    ] as const) {
      await page.goto(path);
      const link = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
      await expect(link, path).toHaveCount(1);
      await expect(link, path).toHaveAttribute('href', `${baseURL}${feed}`);
      expect((await link.getAttribute('title'))?.length ?? 0, path).toBeGreaterThan(0);
      const res = await request.get(feed);
      expect(res.status(), feed).toBe(200);
      expect(res.headers()['content-type'], feed).toContain('application/rss+xml');
    }
  });
});

/** The apps whose deletion page is on (issue 14). */
/** Each app's own pages as the app page links them (issue 14): the server's GET /api/apps/{id}/page-links. */
async function appPageLinks(
  request: APIRequestContext,
  apps: App[],
): Promise<{ app: App; privacyPolicy: boolean; accountDeletion: boolean }[]> {
  return Promise.all(
    apps.map(async (app) => ({
      app,
      ...(await getJson<{ privacyPolicy: boolean; accountDeletion: boolean }>(
        request,
        `/api/apps/${app.id}/page-links`,
      )),
    })),
  );
}

test.describe('robots.txt, sitemap.xml and RSS', () => {
  test('robots.txt keeps crawlers out of the admin area and the API and names the sitemap', async ({
    request,
    baseURL,
  }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/plain');
    const lines = (await res.text()).split('\n').map((l) => l.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin-page');
    expect(lines).toContain('Disallow: /api');
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    // Nothing public is disallowed.
    expect(lines.filter((l) => l.startsWith('Disallow:')).sort()).toEqual(['Disallow: /admin-page', 'Disallow: /api']);
  });

  test('sitemap.xml is well-formed and lists every public page and published post with lastmod', async ({
    page,
    request,
    baseURL,
  }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('xml');
    expect((await res.text()).startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const xml = await sitemapUrls(page, request);

    const apps = await getJson<App[]>(request, '/api/apps');
    const posts = await publishedPosts(request);
    const drafts = (await getJson<Post[]>(await staffApi(request), '/api/admin/blogs')).filter((p) => !p.isPublished);
    expect(drafts.length).toBeGreaterThan(0);

    const all = xml.urls.map((u) => u.loc);
    expect(new Set(all).size, 'no duplicates').toBe(all.length);
    // Issue 24: the pages of the site's other languages are listed too (see locales.spec.ts and the
    // SSR tests); here, the default language's.
    const { locales } = await getJson<{ locales: { code: string; isDefault: boolean }[] }>(
      request,
      '/api/site-settings',
    );
    const prefixes = locales.filter((l) => !l.isDefault).map((l) => `${baseURL}/${l.code}`);
    const locs = all.filter((loc) => !prefixes.some((prefix) => loc === prefix || loc.startsWith(`${prefix}/`)));
    const expected = [
      '/',
      '/about',
      '/contact',
      '/privacy',
      '/blog',
      // Issue 25: the catalogue (its filtered views are not listed).
      '/apps',
      ...apps.map((a) => `/apps/${a.slug}`),
      ...apps.map((a) => `/apps/${a.id}/blogs`),
      ...posts.map(readable),
      // Issue 14: the studio's press kit; every app's support page and press kit, the privacy page of
      // apps with a policy and the deletion page of apps with accounts.
      '/press',
      ...apps.map((a) => `/apps/${a.slug}/support`),
      ...apps.map((a) => `/apps/${a.slug}/press`),
      ...(await appPageLinks(request, apps)).flatMap(({ app, privacyPolicy, accountDeletion }) => [
        ...(privacyPolicy ? [`/apps/${app.slug}/privacy`] : []),
        ...(accountDeletion ? [`/apps/${app.slug}/delete-account`] : []),
      ]),
      // Issue 26: the release notes of apps that have any.
      ...(
        await Promise.all(
          apps.map(async (a) => ((await getJson<unknown[]>(request, api.appReleases(a.id))).length ? [a] : [])),
        )
      ).flatMap((has) => has.map((a) => `/apps/${a.slug}/releases`)),
    ].map((p) => `${baseURL}${p}`);
    expect([...locs].sort()).toEqual([...expected].sort());
    for (const d of drafts) {
      expect(locs).not.toContain(`${baseURL}/blogs/${d.id}`);
      expect(locs).not.toContain(`${baseURL}${readable(d)}`);
    }

    const lastmod = (path: string) => xml.urls.find((u) => u.loc === `${baseURL}${path}`)?.lastmod;
    expect(lastmod('/')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const a of apps) expect(lastmod(`/apps/${a.id}/blogs`), a.title).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const p of posts) expect(lastmod(readable(p)), p.title).toBe(p.updatedAt.slice(0, 10));
    expect(lastmod('/blog')).toBe([...posts.map((p) => p.updatedAt)].sort().at(-1)!.slice(0, 10));
  });

  test('sitemap.xml gives the static pages a lastmod too', async ({ page, request }) => {
    const xml = await sitemapUrls(page, request);
    for (const path of ['/about', '/contact', '/privacy']) {
      expect(xml.urls.find((u) => new URL(u.loc).pathname === path)?.lastmod, path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test('sitemap lastmod is never older than the content the page shows', async ({ page, request }) => {
    const xml = await sitemapUrls(page, request);
    const lastmod = (path: string) => xml.urls.find((u) => new URL(u.loc).pathname === path)?.lastmod ?? '';
    for (const app of await getJson<App[]>(request, '/api/apps')) {
      expect(lastmod(`/apps/${app.id}/blogs`) >= app.updatedAt.slice(0, 10), app.title).toBe(true);
    }
    const home = await getJson<{ updatedAt: string }>(request, '/api/home-content');
    expect(lastmod('/') >= home.updatedAt.slice(0, 10)).toBe(true);
  });

  test('/rss.xml, the blog index feed and an app feed are RSS 2.0 with one item per published post', async ({
    page,
    request,
    baseURL,
  }) => {
    const posts = await publishedPosts(request);
    const feeds = [
      { path: '/rss.xml', posts, link: `${baseURL}/` },
      { path: '/blog/rss.xml', posts, link: `${baseURL}/blog` },
      {
        path: `/apps/${LANTERN_DRIFT}/rss.xml`,
        posts: posts.filter((p) => p.appId === LANTERN_DRIFT),
        link: `${baseURL}/apps/${LANTERN_DRIFT}/blogs`,
      },
    ];
    for (const feed of feeds) {
      const res = await request.get(feed.path);
      expect(res.status(), feed.path).toBe(200);
      expect(res.headers()['content-type'], feed.path).toContain('application/rss+xml');
      const xml = await parseXml(page, await res.text());
      expect(xml.error, feed.path).toBeNull();
      expect(xml.root, feed.path).toBe('rss');
      expect(xml.version, feed.path).toBe('2.0');
      expect(xml.channel.title, feed.path).toBeTruthy();
      expect(xml.channel.description, feed.path).toBeTruthy();
      expect(xml.channel.link, feed.path).toBe(feed.link);
      expect(xml.items, feed.path).toHaveLength(feed.posts.length);
      expect(xml.items.map((i) => i.link).sort(), feed.path).toEqual(
        feed.posts.map((p) => `${baseURL}${readable(p)}`).sort(),
      );
      for (const item of xml.items) {
        const post = feed.posts.find((p) => `${baseURL}${readable(p)}` === item.link)!;
        expect(item.title).toBe(post.title);
        expect(item.guid).toBe(item.link);
        // RFC 822 dates have whole seconds.
        expect(Date.parse(item.pubDate), item.title).toBe(Math.floor(Date.parse(post.publishedAt!) / 1000) * 1000);
      }
    }
    expect((await request.get('/apps/999/rss.xml')).status()).toBe(404);
  });

  test('a new published post shows up in the sitemap and the feeds at once, and leaves with it', async ({
    request,
    baseURL,
  }) => {
    // Warm the caches first.
    const feeds = ['/sitemap.xml', '/rss.xml', '/blog/rss.xml', `/apps/${LANTERN_DRIFT}/rss.xml`];
    for (const path of feeds) expect((await request.get(path)).status()).toBe(200);
    const staff = await staffApi(request);
    const created = await staff.post('/api/admin/blogs', {
      data: {
        appId: LANTERN_DRIFT,
        title: `E2E feed post ${Date.now()}`,
        content: '<p>Fresh from the tests.</p>',
        images: [],
        isPublished: true,
      },
    });
    expect(created.status()).toBe(201);
    const post = (await created.json()) as Post;
    const url = `${baseURL}${readable(post)}`;
    // The sitemap is an index and its parts (issue 28): the address is in one of the parts.
    const read = async (path: string) =>
      path === '/sitemap.xml' ? (await sitemap(request)).parts.join('\n') : await (await request.get(path)).text();
    try {
      for (const path of feeds) {
        const entry = path === '/sitemap.xml' ? `<loc>${url}</loc>` : `<link>${url}</link>`;
        expect(await read(path), path).toContain(entry);
      }
    } finally {
      expect((await staff.delete(`/api/admin/blogs/${post.id}`)).status()).toBe(200);
    }
    for (const path of feeds) {
      expect(await read(path), path).not.toContain(url);
    }
  });
});

test.describe('HTTP caching and payload', () => {
  test('a page keeps its ETag and answers If-None-Match with 304', async ({ playwright, baseURL }) => {
    // A fresh, cookie-less client: staff get private, uncached pages.
    const visitor = await playwright.request.newContext({ baseURL });
    try {
      const first = await visitor.get('/');
      const second = await visitor.get('/');
      expect(first.status()).toBe(200);
      const etag = first.headers()['etag'];
      expect(etag).toMatch(/^(W\/)?".+"$/);
      expect(second.headers()['etag']).toBe(etag);
      // Caches may keep it but must ask again before using it.
      expect(first.headers()['cache-control']).toMatch(/no-cache|must-revalidate/);
      const revalidated = await visitor.get('/', { headers: { 'If-None-Match': etag! } });
      expect(revalidated.status()).toBe(304);
      expect((await revalidated.body()).length).toBe(0);
      const other = await visitor.get('/', { headers: { 'If-None-Match': '"something-else"' } });
      expect(other.status()).toBe(200);
    } finally {
      await visitor.dispose();
    }
  });

  test('a content write shows on the page at once (the page cache is invalidated)', async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const staff = await staffApi(request);
    const original = await getJson<Record<string, unknown>>(staff, '/api/home-content');
    const { heroTitle, heroSubtitle, heroContent, introTitle, introContent, featuredAppTitle, ctaText } = original;
    const body = { heroTitle, heroSubtitle, heroContent, introTitle, introContent, featuredAppTitle, ctaText };
    const newTitle = `Fresh title ${Date.now()}`;
    try {
      const before = await visitor.get('/');
      const etag = before.headers()['etag'];
      expect(await before.text()).toContain(String(heroTitle));
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(heroTitle));

      expect((await staff.put('/api/home-content', { data: { ...body, heroTitle: newTitle } })).status()).toBe(200);

      const after = await visitor.get('/', { headers: { 'If-None-Match': etag! } });
      expect(after.status()).toBe(200);
      expect(after.headers()['etag']).not.toBe(etag);
      expect(await after.text()).toContain(newTitle);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
      await expect(page).toHaveTitle(new RegExp(`^${newTitle} \\| ${SITE}$`));
    } finally {
      expect((await staff.put('/api/home-content', { data: body })).status()).toBe(200);
      await visitor.dispose();
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(heroTitle));
  });

  test('hashed assets are immutable for a year and sent brotli-compressed', async ({ page, request }) => {
    await page.goto('/apps/1/blogs');
    const urls = await page.evaluate(() =>
      [
        ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
        ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="stylesheet"]')].map(
          (l) => l.href,
        ),
      ].map((u) => new URL(u).pathname),
    );
    expect(urls.length).toBeGreaterThanOrEqual(3);
    expect(urls.some((u) => u.endsWith('.css'))).toBe(true);
    let compressed = 0;
    for (const url of urls) {
      expect(url, url).toMatch(/^\/assets\/.+-[\w-]{8}\.(js|css)$/);
      const plain = await request.get(url, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.status(), url).toBe(200);
      expect(plain.headers()['content-encoding'], url).toBeUndefined();
      const res = await request.get(url, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.status(), url).toBe(200);
      expect(res.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect((await res.body()).equals(await plain.body()), `${url} decodes to the same file`).toBe(true);
      if ((await plain.body()).length >= COMPRESS_MIN_BYTES) {
        expect(res.headers()['content-encoding'], url).toBe('br');
        expect(res.headers()['vary'] ?? '', url).toMatch(/accept-encoding/i);
        compressed += 1;
      }
    }
    expect(compressed).toBeGreaterThanOrEqual(2);
    // Without brotli in Accept-Encoding, gzip.
    const loader = urls.find((u) => /^\/assets\/loader-[\w-]{8}\.js$/.test(u));
    expect(loader, 'the island loader').toBeTruthy();
    const gz = await request.get(loader!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
  });

  /** Every script a page loads until the network is idle, and the ones its HTML declares. */
  async function pageScripts(page: Page, path: string) {
    const loaded = new Map<string, Promise<Buffer>>();
    const onResponse = (res: Response) => {
      const url = new URL(res.url());
      if (res.request().resourceType() === 'script' || url.pathname.endsWith('.js'))
        loaded.set(url.pathname, res.body());
    };
    page.on('response', onResponse);
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const declared = await page.evaluate(() =>
      [
        ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
        ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
      ].map((u) => new URL(u).pathname),
    );
    return { loaded, declared };
  }

  // A public page's only script at start is the island loader: it and every module it imports at
  // start are announced in the HTML, so they are fetched in parallel, not one after another. Island
  // code loads later, when the visitor reaches for an island.
  test('every script a page needs at start is announced in its HTML (no request waterfall)', async ({
    page,
    request,
  }) => {
    const post = (await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`))[0]!;
    for (const path of [
      '/',
      '/about',
      '/contact',
      '/privacy',
      '/blog',
      `/apps/${LANTERN_DRIFT}/blogs`,
      `/blogs/${post.id}`,
    ]) {
      const { loaded, declared } = await pageScripts(page, path);
      expect(
        declared.filter((url) => /^\/assets\/loader-[\w-]{8}\.js$/.test(url)),
        `${path} announces the island loader`,
      ).toHaveLength(1);
      // No client-rendered app on public pages.
      expect(
        declared.filter((url) => url.includes('entry-client')),
        path,
      ).toEqual([]);
      expect(
        [...loaded.keys()].filter((url) => !declared.includes(url)),
        path,
      ).toEqual([]);
    }
  });

  test('public pages never load admin code or call admin APIs', async ({ page, request }) => {
    const post = (await getJson<Post[]>(request, `/api/apps/${LANTERN_DRIFT}/blogs`))[0]!;
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    for (const path of [
      '/',
      '/about',
      '/contact',
      '/privacy',
      '/blog',
      `/apps/${LANTERN_DRIFT}/blogs`,
      `/blogs/${post.id}`,
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The islands load on demand: wake each of them too.
    await page.getByRole('button', { name: 'Toggle theme' }).hover();
    await page.waitForLoadState('networkidle');
    await page.goto('/contact');
    await page.locator('#firstName').focus();
    await expect(page.locator('studio-island[data-island="contact-form"]')).toHaveAttribute('data-hydrated', 'true');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const paths = urls.map((u) => new URL(u).pathname);
    for (const island of ['theme-menu', 'mobile-menu', 'contact-form']) {
      expect(
        paths.some((p) => new RegExp(`^/assets/${island}-[\\w-]{8}\\.js$`).test(p)),
        `${island} island code was loaded`,
      ).toBe(true);
    }
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((u) => /admin/i.test(u))).toEqual([]);
    // Nor the client-rendered app's entry (the admin's shell).
    expect(paths.filter((p) => p.includes('entry-client'))).toEqual([]);
  });
});

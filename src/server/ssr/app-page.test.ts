// Issue 13, the public side: an app's page at /apps/{slug} (its id redirects there, a hidden app is
// not found), its JSON-LD (a game, a paid app) checked against schema.org's types, the X App Card and
// the Smart App Banner, the store badges in the visitor's order (a page kept per platform, sent with
// Vary: User-Agent), the trademark lines, the latest posts, and the sitemap.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../tests/setup/clock';
import { useStaffApp } from '../../../tests/setup/test-app';
import type { App } from '../../shared/schemas/apps';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import { productionWeb } from './web';
import { readSitemap } from '../../../tests/setup/sitemap';

const ctx = useStaffApp({}, { web: productionWeb(), clock: fixedClock() });
let game: App;
let paid: App;
let hidden: App;
let bare: App;
let posts: BlogPost[];

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
const base = () => ctx.config.siteUrl;

const metaContent = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1]?.replace(/&amp;/g, '&');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
/** The stores of the page's badges, in the order shown. */
const badgeOrder = (html: string) => [...html.matchAll(/data-store="(\w+)"/g)].map((m) => m[1]);

// The schema.org properties each type used here may carry (its own and inherited, from
// schema.org/SoftwareApplication, /VideoGame, /Offer, /VideoObject, /Organization, /ItemList): a property
// outside these is not schema.org, and a rating or review must never appear (the page shows none).
const THING = ['name', 'description', 'url', 'image', 'sameAs', 'identifier', 'alternateName'];
const CREATIVE_WORK = [
  ...THING,
  'author',
  'publisher',
  'datePublished',
  'dateModified',
  'thumbnailUrl',
  'contentRating',
  'genre',
  'offers',
  'inLanguage',
  'keywords',
];
const SCHEMA: Record<string, string[]> = {
  SoftwareApplication: [
    ...CREATIVE_WORK,
    'applicationCategory',
    'operatingSystem',
    'installUrl',
    'downloadUrl',
    'softwareVersion',
    'screenshot',
  ],
  MobileApplication: ['carrierRequirements'],
  WebApplication: ['browserRequirements'],
  VideoGame: [...CREATIVE_WORK, 'gamePlatform', 'trailer', 'playMode', 'gameItem', 'actor', 'director'],
  Offer: [...THING, 'price', 'priceCurrency', 'availability', 'category', 'seller'],
  VideoObject: [...CREATIVE_WORK, 'embedUrl', 'contentUrl', 'uploadDate', 'duration'],
  Organization: [...THING, 'logo'],
  ItemList: [...THING, 'itemListElement', 'numberOfItems', 'itemListOrder'],
  ListItem: [...THING, 'position', 'item'],
};
const SUBTYPES: Record<string, string[]> = {
  MobileApplication: ['SoftwareApplication'],
  WebApplication: ['SoftwareApplication'],
};

/** Every property of `node` (and of the nodes it holds) belongs to its schema.org type(s). */
function expectSchemaOrg(node: Record<string, unknown>, where = 'root'): void {
  const types = ([] as string[]).concat(node['@type'] as string | string[]);
  const allowed = new Set(
    types.flatMap((t) => {
      expect(SCHEMA, `${where}: unknown @type ${t}`).toHaveProperty(t);
      return [...SCHEMA[t]!, ...(SUBTYPES[t] ?? []).flatMap((s) => SCHEMA[s]!)];
    }),
  );
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    expect(allowed.has(key), `${where}: ${key} is not a property of ${types.join(', ')}`).toBe(true);
    expect(['aggregateRating', 'review', 'reviews'], where).not.toContain(key);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      expectSchemaOrg(value as Record<string, unknown>, `${where}.${key}`);
    }
  }
}

beforeAll(async () => {
  const common = {
    icon: 'https://cdn.example/icon.png',
    screenshots: ['https://cdn.example/a.png', 'https://cdn.example/b.png'],
  };
  game = await ctx.make.makeApp({
    ...common,
    title: 'Lantern Drift',
    description: 'Guide paper lanterns down a moonlit river.',
    kind: 'game',
    category: 'Puzzle',
    platforms: ['ios', 'android'],
    appleAppId: '6478123904',
    googlePlayPackage: 'com.northpaw.lanterndrift',
    releaseDate: '2025-09-18',
    tagline: 'A calm river puzzle',
    longDescription: '<p>Every evening the village sends its <strong>lanterns</strong> down the river.</p>',
    trailer: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    appLinkPaths: ['/apps/lantern-drift/*'],
    twitterLink: 'https://x.com/lanterndrift',
  });
  paid = await ctx.make.makeApp({
    ...common,
    title: 'Brightlist',
    description: 'A gentle habit tracker.',
    kind: 'app',
    category: 'Productivity',
    platforms: ['ios'],
    appStoreLink: 'https://apps.apple.com/app/brightlist/id1500000001',
    priceAmount: '4.99',
    priceCurrency: 'EUR',
    releaseDate: '2026-01-02',
  });
  hidden = await ctx.make.makeApp({ ...common, title: 'Secret Project', description: 'Not yet.', isHidden: true });
  bare = await ctx.make.makeApp({ ...common, title: 'Quiet Hours', description: 'Soon.' });
  posts = [];
  for (let i = 1; i <= 4; i++) {
    posts.push(
      await ctx.make.makePost(game.id, {
        title: `Devlog ${i}`,
        content: `<p>Devlog ${i}: ${'words '.repeat(30)}</p>`,
        isPublished: true,
        publishAt: new Date(ctx.clock.now().getTime() - (10 - i) * 60_000).toISOString(),
      }),
    );
  }
});

describe('/apps/{slug}', () => {
  it('an app gets a slug from its title and its page is there', async () => {
    expect(game.slug).toBe('lantern-drift');
    const res = await get('/apps/lantern-drift');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1');
    expect(res.body).toContain('Lantern Drift');
    expect(res.body).toContain('A calm river puzzle');
    expect(res.body).toContain('<strong>lanterns</strong>');
    expect(/<link rel="canonical" href="([^"]+)">/.exec(res.body)?.[1]).toBe(`${base()}/apps/lantern-drift`);
  });

  it('/apps/{id} moves to the slug for good, keeping the query', async () => {
    const res = await get(`/apps/${game.id}?utm_source=x`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/apps/lantern-drift?utm_source=x');
    expect((await get(`/apps/000${paid.id}`)).statusCode).toBe(301);
  });

  it('a hidden app, an unknown slug and an unknown id are not found (staff see the hidden one)', async () => {
    for (const url of [`/apps/${hidden.id}`, `/apps/${hidden.slug}`, '/apps/no-such-app', '/apps/999999']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('App Not Found');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
    const staffRes = await get(`/apps/${hidden.slug}`, { cookie: ctx.admin });
    expect(staffRes.statusCode).toBe(200);
    expect(staffRes.headers['cache-control']).toBe('private, no-store');
  });

  it("the spec's /apps/{id}/blogs stays", async () => {
    expect((await get(`/apps/${game.id}/blogs`)).statusCode).toBe(200);
  });

  it('shows every screenshot, the trailer behind a facade (no third-party request), the facts and the latest 3 posts', async () => {
    const html = (await get('/apps/lantern-drift')).body;
    expect(html).toContain('data-island="screenshot-gallery"');
    for (const shot of game.screenshots) expect(html).toContain(`src="${shot}"`);
    expect(html).toContain('data-island="trailer"');
    // The facade links to the video; no frame, no host's thumbnail until the visitor plays it.
    expect(html).toContain('href="https://www.youtube.com/watch?v=aqz-KE-bpKQ"');
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(/i\.ytimg\.com|img\.youtube\.com/);
    expect(html).toContain('September 18, 2025');
    expect(html).toContain('Free');
    const newest = [...posts].reverse();
    for (const post of newest.slice(0, 3)) expect(html).toContain(`href="/blogs/${post.id}/${post.slug}"`);
    expect(html).not.toContain(`href="/blogs/${newest[3]!.id}/`);
    expect(html).toContain(`href="/apps/${game.id}/blogs"`);
    // Its feed is advertised in the head.
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Lantern Drift blog" href="${base()}/apps/${game.id}/rss.xml">`,
    );

    const paidHtml = (await get('/apps/brightlist')).body;
    expect(paidHtml).toContain('€4.99');
    expect(paidHtml).not.toContain('data-island="trailer"');
  });

  it('an app with no store shows no badge and no trademark line; one with none of the new fields still renders', async () => {
    const html = (await get(`/apps/${bare.slug}`)).body;
    expect(html).not.toContain('data-store=');
    expect(html).not.toContain('trademarks of');
    expect(html).toContain('Soon.');
  });
});

describe('store badges by platform', () => {
  it('iPhone: App Store first; Android: Google Play first; others: a fixed order, each variant kept on its own', async () => {
    const pages = ctx.app.caches.pages!;
    const seen: Record<string, string> = {};
    for (const [ua, order] of [
      [IPHONE, ['appStore', 'googlePlay']],
      [ANDROID, ['googlePlay', 'appStore']],
      [DESKTOP, ['appStore', 'googlePlay']],
      ['', ['appStore', 'googlePlay']],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await get('/apps/lantern-drift', ua ? { 'user-agent': ua } : {});
        expect(res.statusCode).toBe(200);
        expect(badgeOrder(res.body), ua).toEqual(order);
        expect(String(res.headers.vary).split(/,\s*/).sort()).toEqual(['Accept-Encoding', 'User-Agent']);
        seen[ua] = String(res.headers.etag);
      }
    }
    expect(seen[IPHONE]).not.toBe(seen[ANDROID]);
    // The badges are the site's own files, at one height.
    const html = (await get('/apps/lantern-drift', { 'user-agent': IPHONE })).body;
    expect(html).toContain('src="/media/badges/app-store.svg"');
    expect(html).toContain('src="/media/badges/google-play.svg"');
    expect(
      [...html.matchAll(/<img src="\/media\/badges\/[^"]+" alt="[^"]+" width="\d+" height="(\d+)"/g)].map((m) => m[1]),
    ).toEqual(['48', '48']);
    expect(html).toContain('Apple and the Apple logo are trademarks of Apple Inc.');
    expect(html).toContain('Google Play and the Google Play logo are trademarks of Google LLC.');
    // Each platform's page is kept once: three variants, whatever the User-Agents.
    const before = pages.size;
    await get('/apps/lantern-drift', { 'user-agent': `${IPHONE} SomeApp/2.0` });
    await get('/apps/lantern-drift', { 'user-agent': 'curl/8.0' });
    expect(pages.size).toBe(before);
    // A page that does not vary is not said to.
    expect(String((await get('/about', { 'user-agent': IPHONE })).headers.vary)).not.toContain('User-Agent');
  });

  it("an iPad is an Apple device too; a conditional request with its variant's ETag is a 304", async () => {
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    const first = await get('/apps/lantern-drift', { 'user-agent': ANDROID, 'accept-encoding': 'gzip' });
    const again = await get('/apps/lantern-drift', {
      'user-agent': ANDROID,
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(String(again.headers.vary)).toContain('User-Agent');
    const other = await get('/apps/lantern-drift', {
      'user-agent': ipad,
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(other.statusCode).toBe(200);
    expect(badgeOrder((await get('/apps/lantern-drift', { 'user-agent': ipad })).body)).toEqual([
      'appStore',
      'googlePlay',
    ]);
  });

  it('the badge artwork is served by the site', async () => {
    for (const name of ['app-store', 'google-play']) {
      const res = await get(`/media/badges/${name}.svg`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toContain('image/svg+xml');
      expect(res.body, name).toContain('height="40"');
    }
  });
});

describe('structured data and previews', () => {
  it('a game: VideoGame and MobileApplication, platforms, genre, trailer, free offer, release date', async () => {
    const [ld, ...rest] = jsonLd((await get('/apps/lantern-drift')).body);
    expect(rest).toEqual([]);
    expectSchemaOrg(ld!);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['VideoGame', 'MobileApplication'],
      name: 'Lantern Drift',
      url: `${base()}/apps/lantern-drift`,
      image: 'https://cdn.example/a.png',
      applicationCategory: 'GameApplication',
      operatingSystem: 'iOS, Android',
      gamePlatform: ['iOS', 'Android'],
      genre: 'Puzzle',
      datePublished: '2025-09-18',
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD', url: 'https://apps.apple.com/app/id6478123904' },
      trailer: {
        '@type': 'VideoObject',
        name: 'Lantern Drift trailer',
        embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0',
        thumbnailUrl: 'https://cdn.example/a.png',
      },
    });
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('a paid app: MobileApplication with its price and currency', async () => {
    const [ld] = jsonLd((await get('/apps/brightlist')).body);
    expectSchemaOrg(ld!);
    expect(ld).toMatchObject({
      '@type': 'MobileApplication',
      name: 'Brightlist',
      applicationCategory: 'ProductivityApplication',
      operatingSystem: 'iOS',
      datePublished: '2026-01-02',
      offers: { '@type': 'Offer', price: '4.99', priceCurrency: 'EUR', url: paid.appStoreLink },
    });
    expect(ld).not.toHaveProperty('gamePlatform');
    expect(ld).not.toHaveProperty('trailer');
  });

  it('the X App Card, Open Graph and the Smart App Banner with the page as its argument', async () => {
    const html = (await get('/apps/lantern-drift')).body;
    const page = `${base()}/apps/lantern-drift`;
    expect(metaContent(html, 'name', 'twitter:card')).toBe('app');
    expect(metaContent(html, 'name', 'twitter:app:id:iphone')).toBe('6478123904');
    expect(metaContent(html, 'name', 'twitter:app:id:ipad')).toBe('6478123904');
    expect(metaContent(html, 'name', 'twitter:app:id:googleplay')).toBe('com.northpaw.lanterndrift');
    expect(metaContent(html, 'name', 'twitter:app:name:iphone')).toBe('Lantern Drift');
    expect(metaContent(html, 'name', 'twitter:app:name:googleplay')).toBe('Lantern Drift');
    // The app claims the site's links: the card opens it at this page.
    expect(metaContent(html, 'name', 'twitter:app:url:iphone')).toBe(page);
    expect(metaContent(html, 'name', 'twitter:app:url:googleplay')).toBe(page);
    expect(metaContent(html, 'property', 'og:url')).toBe(page);
    expect(metaContent(html, 'property', 'og:title')).toContain('Lantern Drift');
    expect(metaContent(html, 'name', 'apple-itunes-app')).toBe(`app-id=6478123904, app-argument=${page}`);

    // The id in the App Store link serves when the app has no id of its own; no link claims: no URL.
    const paidHtml = (await get('/apps/brightlist')).body;
    expect(metaContent(paidHtml, 'name', 'apple-itunes-app')).toBe(
      `app-id=1500000001, app-argument=${base()}/apps/brightlist`,
    );
    expect(metaContent(paidHtml, 'name', 'twitter:app:id:iphone')).toBe('1500000001');
    expect(metaContent(paidHtml, 'name', 'twitter:app:url:iphone')).toBeUndefined();
    expect(metaContent(paidHtml, 'name', 'twitter:app:id:googleplay')).toBeUndefined();

    // No store: the ordinary large-image card and no banner.
    const bareHtml = (await get(`/apps/${bare.slug}`)).body;
    expect(metaContent(bareHtml, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(bareHtml, 'name', 'apple-itunes-app')).toBeUndefined();
  });

  it("the app's posts carry the Smart App Banner with their own address", async () => {
    const post = posts[0]!;
    const html = (await get(`/blogs/${post.id}/${post.slug}`)).body;
    expect(metaContent(html, 'name', 'apple-itunes-app')).toBe(
      `app-id=6478123904, app-argument=${base()}/blogs/${post.id}/${post.slug}`,
    );
  });

  it('the home page lists the apps by their pages (a summary page), describing none of them again', async () => {
    const ld = jsonLd((await get('/')).body);
    expect(ld.map((x) => x['@type'])).toEqual(['Organization', 'ItemList']);
    const list = ld[1] as unknown as { itemListElement: { '@type': string; position: number; url: string }[] };
    expect(list.itemListElement).toContainEqual({
      '@type': 'ListItem',
      position: expect.any(Number) as number,
      url: `${base()}/apps/lantern-drift`,
    });
    expect(list.itemListElement.map((x) => x.position)).toEqual(list.itemListElement.map((_, i) => i + 1));
    for (const item of ld) expectSchemaOrg(item);
  });
});

describe('links to the page', () => {
  it('the sitemap lists every visible app page; the home cards link to it', async () => {
    const sitemap = await readSitemap(ctx.app);
    for (const app of [game, paid, bare]) expect(sitemap).toContain(`<loc>${base()}/apps/${app.slug}</loc>`);
    expect(sitemap).not.toContain(`/apps/${hidden.slug}<`);
    const home = (await get('/')).body;
    expect(home).toContain('href="/apps/lantern-drift"');
  });
});

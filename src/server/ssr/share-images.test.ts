// Share images: every public page names a raster og:image of at least 1200×630 with its size and
// alt text, and the generated cards are served as 1200×630 PNGs, cached for a year, drawn once.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffSessions, type TestContext } from '../../../tests/setup/test-app';
import { parseMediaUrl } from '../../shared/media';
import { APP_MESSAGES, type App } from '../../shared/schemas/apps';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import { appCard, studioCard } from '../../shared/share-image';
import { seedDemoContent } from '../seed/seed';
import { processUpload } from '../modules/media/media.images';
import { mediaRepo } from '../modules/media/media.repo';
import { drawCard, wrapText } from './share-images';
import { productionWeb } from './web';

let ctx: TestContext;
let appList: App[];

beforeAll(async () => {
  ctx = await createTestApp({}, { web: productionWeb() });
  expect(await seedDemoContent(ctx.database.db, ctx.config)).toBe(true);
  appList = (await ctx.app.inject({ url: '/api/apps' })).json();
}, 60_000);

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
const byTitle = (title: string) => appList.find((a) => a.title === title)!;
const postsOf = async (app: App) => (await get(`/api/apps/${app.id}/blogs`)).json() as BlogPost[];

function headOf(html: string) {
  const tag = (attr: 'property' | 'name', key: string) =>
    new RegExp(`<meta ${attr}="${key.replace(/:/g, ':')}" content="([^"]*)">`).exec(html)?.[1];
  return {
    image: tag('property', 'og:image'),
    type: tag('property', 'og:image:type'),
    width: Number(tag('property', 'og:image:width')),
    height: Number(tag('property', 'og:image:height')),
    alt: tag('property', 'og:image:alt'),
    twitter: tag('name', 'twitter:image'),
    twitterAlt: tag('name', 'twitter:image:alt'),
  };
}

/** The page's share image tags, and the image they name, fetched and measured. */
async function shareImageOf(path: string) {
  const page = await get(path);
  expect(page.statusCode, path).toBe(200);
  const head = headOf(page.body);
  expect(head.image, path).toMatch(new RegExp(`^${ctx.config.siteUrl}/`));
  // X takes the image from og:image: no copy of it.
  expect(head.twitter, path).toBeUndefined();
  expect(head.alt, path).toBeTruthy();
  expect(head.twitterAlt, path).toBe(head.alt);
  expect(['image/png', 'image/jpeg'], path).toContain(head.type);
  expect(head.width, path).toBeGreaterThanOrEqual(1200);
  expect(head.height, path).toBeGreaterThanOrEqual(630);

  const url = head.image!.slice(ctx.config.siteUrl.length);
  const image = await get(url);
  expect(image.statusCode, url).toBe(200);
  expect(image.headers['content-type'], url).toBe(head.type);
  const meta = await sharp(image.rawPayload).metadata();
  expect([meta.width, meta.height], url).toEqual([head.width, head.height]);
  return { ...head, url };
}

describe('share images in the head', () => {
  it('home, about, contact and privacy share the studio card', async () => {
    for (const path of ['/', '/about', '/contact', '/privacy']) {
      const image = await shareImageOf(path);
      expect(image.url, path).toBe(studioCard(ctx.config.siteName).url);
      expect(image.alt, path).toBe(ctx.config.siteName);
    }
  });

  it("an app's blog uses its first screenshot when it is a big enough upload, else the app's card", async () => {
    const wide = byTitle('Lantern Drift');
    expect(parseMediaUrl(wide.screenshots[0]!)!.width).toBeGreaterThanOrEqual(1200);
    const image = await shareImageOf(`/apps/${wide.id}/blogs`);
    expect(image).toMatchObject({ url: wide.screenshots[0], type: 'image/jpeg', alt: 'Screenshot of Lantern Drift' });

    const phone = byTitle('Pocket Orchard');
    const shot = parseMediaUrl(phone.screenshots[0]!)!;
    expect(shot.width).toBeLessThan(shot.height);
    const card = await shareImageOf(`/apps/${phone.id}/blogs`);
    expect(card).toMatchObject({
      url: appCard(ctx.config.siteName, phone).url,
      type: 'image/png',
      width: 1200,
      height: 630,
      alt: `Pocket Orchard by ${ctx.config.siteName}`,
    });
  });

  it("a post uses its first image, else its app's picture", async () => {
    const wide = byTitle('Lantern Drift');
    const posts = await postsOf(wide);
    const withImage = posts.find((p) => p.images.length > 0)!;
    expect(await shareImageOf(`/blogs/${withImage.id}`)).toMatchObject({
      url: withImage.images[0],
      alt: `${withImage.title}: image 1`,
    });
    const without = posts.find((p) => p.images.length === 0)!;
    expect((await shareImageOf(`/blogs/${without.id}`)).url).toBe(wide.screenshots[0]);

    const phone = byTitle('Pocket Orchard');
    const phonePost = (await postsOf(phone))[0]!;
    expect((await shareImageOf(`/blogs/${phonePost.id}`)).url).toBe(appCard(ctx.config.siteName, phone).url);
  });
});

describe("an app's own share image (issue 21)", () => {
  /** The spec's fields of `app` with `changes`, as the app form sends them. */
  const put = async (app: App, changes: Partial<App>, cookie: string) => {
    const { title, description, icon, screenshots, status } = app;
    return ctx.app.inject({
      method: 'PUT',
      url: `/api/apps/${app.id}`,
      headers: { cookie },
      payload: { title, description, icon, screenshots, status, ...changes },
    });
  };

  it('is the picture staff chose; a portrait screenshot is never chosen for them', async () => {
    const { admin } = await staffSessions(ctx);
    // A phone screenshot at a real phone's size: big enough, but a link preview would crop it to a strip.
    const tall = await sharp({ create: { width: 1290, height: 2796, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const [stored] = await mediaRepo(ctx.database.db).store([
      { image: await processUpload(ctx.app.deps.images, tall, 'tall.jpg'), alt: 'Phone screenshot' },
    ]);
    const phone = byTitle('Quiet Hours');
    const wide = byTitle('Lantern Drift');
    expect((await put(phone, { screenshots: [stored!.url, wide.screenshots[1]!] }, admin)).statusCode).toBe(200);
    // The first wide screenshot, not the tall one before it.
    expect((await shareImageOf(`/apps/${phone.slug}`)).url).toBe(wide.screenshots[1]);

    const chosen = wide.screenshots[2]!;
    const saved = await put(phone, { screenshots: [stored!.url], shareImage: chosen } as Partial<App>, admin);
    expect(saved.json().shareImage).toBe(chosen);
    expect(await shareImageOf(`/apps/${phone.slug}`)).toMatchObject({
      url: chosen,
      alt: `Quiet Hours by ${ctx.config.siteName}`,
    });
    expect((await shareImageOf(`/apps/${phone.id}/blogs`)).url).toBe(chosen);

    // Automatic again: with only the tall screenshot, the app's card.
    expect(
      (await put(phone, { screenshots: [stored!.url], shareImage: '' } as Partial<App>, admin)).json().shareImage,
    ).toBeNull();
    expect((await shareImageOf(`/apps/${phone.slug}`)).url).toBe(appCard(ctx.config.siteName, phone).url);

    // Only an uploaded JPEG or PNG can be chosen.
    for (const bad of ['https://example.com/a.jpg', '/media/0123456789abcdef/1200x630.gif', '/media/x/../../etc']) {
      const res = await put(phone, { shareImage: bad } as Partial<App>, admin);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().issues, bad).toEqual([{ path: 'shareImage', message: APP_MESSAGES.shareImage }]);
    }
  });
});

describe('GET /og/:kind/:file', () => {
  it('answers a 1200×630 PNG cached for a year, drawn once and kept', async () => {
    // An app whose blog shares its screenshot: nothing asked for its card yet.
    const { url } = appCard(ctx.config.siteName, byTitle('Tidepool Tactics'));
    const cache = ctx.app.caches.shareImages;
    const before = cache.size;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(cache.size).toBe(before + 1);
    expect(cache.bytes).toBeGreaterThanOrEqual(res.rawPayload.length);

    const again = await get(url);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(cache.size).toBe(before + 1);
    const revalidated = await get(url, { 'if-none-match': String(res.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it("draws an app's uploaded icon on its card", async () => {
    const phone = byTitle('Quiet Hours');
    const res = await get(appCard(ctx.config.siteName, phone).url);
    expect(res.statusCode).toBe(200);
    // The icon sits at 90,195 (240 px square): it is the app's picture, not the flat placeholder.
    const stats = await sharp(res.rawPayload).extract({ left: 150, top: 255, width: 120, height: 120 }).stats();
    expect(stats.channels.some((c) => c.stdev > 10)).toBe(true);
  });

  it('sends an outdated card address to the current card, and refuses other names', async () => {
    const app = byTitle('Brightlist');
    const old = await get(`/og/app/${app.id}-00000000.png`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(appCard(ctx.config.siteName, app).url);
    expect((await get('/og/site/studio-00000000.png')).headers.location).toBe(studioCard(ctx.config.siteName).url);
    for (const url of [
      '/og/app/2147483646-00000000.png',
      '/og/app/studio-00000000.png',
      '/og/site/1-00000000.png',
      '/og/other/studio-00000000.png',
      '/og/app/1-0000000.png',
      '/og/app/01-00000000.png',
      '/og/app/1-00000000.jpg',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('drawCard', () => {
  it('draws text with the fonts of the machine', async () => {
    const png = await drawCard({
      siteName: 'Northpaw Studio',
      app: { title: 'Moss & Bolt', description: 'A <robot>.' },
    });
    // The title's white glyphs at the right of the initial's square.
    const { channels } = await sharp(png).extract({ left: 390, top: 140, width: 500, height: 80 }).stats();
    expect(channels[0]!.max).toBeGreaterThan(230);
  });

  it('wraps words into lines and marks what is cut', () => {
    expect(wrapText('one two three four', 9, 3)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('Supercalifragilistic', 8, 2)).toEqual(['Superca…']);
  });
});

// The public page cache: canonical keys, bytes, version checks, and no error or not-found render kept.
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStaffApp } from '../../../tests/setup/test-app';
import { aboutUs } from '../db/schema';
import { productionWeb } from './web';

const ctx = useStaffApp({}, { web: productionWeb() });

beforeAll(async () => {
  await ctx.database.db.insert(aboutUs).values({ title: 'About the studio', content: '<p>We make games.</p>' });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
const pages = () => ctx.app.caches.pages!;

describe('home page without any home content (before the tests below write some)', () => {
  it('falls back to the studio name and Featured Games, and leaves the optional texts out', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const main = res.body.slice(res.body.indexOf('<main'), res.body.indexOf('</main>'));
    const site = ctx.app.deps.config.siteName;
    expect(main).toMatch(new RegExp(`<h1[^>]*>${site}</h1>`));
    expect(main).toMatch(/<h2 id="featured-title"[^>]*>Featured Games<\/h2>/);
    // No subtitle, hero text or call to action: the hero holds its heading alone.
    const hero = main.slice(0, main.indexOf('</section>'));
    expect(hero).not.toContain('<p');
    expect(res.body).toContain(`<title>${site} | Mobile Games &amp; Apps</title>`);
  });
});

describe('public page cache', () => {
  it('keeps a page until content changes, whatever query string comes with it', async () => {
    expect((await get('/about')).body).toContain('About the studio');
    await ctx.database.db.update(aboutUs).set({ title: 'Changed behind the API' });
    for (const url of ['/about', '/about?utm_source=store', '/about?a=1&b=2']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('About the studio');
    }
    // A write through the API drops it.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/about-us',
      headers: { cookie: ctx.editor },
      payload: { title: 'Rewritten', content: '<p>We still make games.</p>' },
    });
    expect((await get('/about')).body).toContain('Rewritten');
  });

  it('sends each page under one canonical address', async () => {
    const cases: [string, string][] = [
      ['/about/', '/about'],
      ['/About', '/about'],
      ['/blogs/0001', '/blogs/1'],
      ['/apps/007/blogs?ref=x', '/apps/7/blogs?ref=x'],
    ];
    for (const [from, to] of cases) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it('answers 404 for addresses with control characters or broken encoding, and keeps none of them', async () => {
    const before = pages().size;
    for (const url of ['/%0a', '/%0d%0aSet-Cookie:%20x=1', '/about%1f', '/blogs/%0a1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('404 Page Not Found');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(pages().size).toBe(before);
  });

  it('does not keep not-found renders, so made-up paths cannot fill the cache', async () => {
    const before = pages().size;
    for (let i = 0; i < 50; i += 1) expect((await get(`/no-such-page-${i}`)).statusCode).toBe(404);
    expect((await get('/blogs/999999')).statusCode).toBe(404);
    expect(pages().size).toBe(before);
  });

  it('never keeps a page whose data could not be read, and shows it again once the data is back', async () => {
    await get('/about');
    // The table disappears (as in a failed migration or a lost database): the read fails.
    await ctx.database.db.execute(sql`alter table about_us rename to about_us_gone`);
    await ctx.app.deps.content.changed();
    const failed = await get('/about');
    await ctx.database.db.execute(sql`alter table about_us_gone rename to about_us`);
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-type']).toContain('text/html');
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.body).toContain('Something went wrong');
    expect(failed.body).not.toContain('Failed to load content');
    // Recovered: the real page, not the error.
    const back = await get('/about');
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Rewritten');
  });

  it('negotiates the encoding by q-values', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip, br', 'br'],
      ['gzip;q=0.9, br;q=0.5', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ];
    for (const [accept, encoding] of cases) {
      const res = await get('/about', accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      if (encoding === 'gzip') expect(gunzipSync(res.rawPayload).toString()).toContain('Rewritten');
    }
  });

  it('bounds the visitors’ API cache: one entry per resource however the URL is spelt', async () => {
    await ctx.app.inject({ url: '/api/apps' });
    const before = ctx.app.caches.reads.size;
    for (let i = 0; i < 200; i += 1) {
      expect((await ctx.app.inject({ url: `/api/apps?junk=${i}` })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: `/api/about-us?x=${'y'.repeat(i)}` })).statusCode).toBe(200);
    }
    expect(ctx.app.caches.reads.size).toBeLessThanOrEqual(before + 1);
    // Ids have one spelling: leading zeros name nothing, other spellings are invalid.
    expect((await ctx.app.inject({ url: '/api/blogs/0001' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/apps/01/blogs' })).statusCode).toBe(404);
    for (const id of ['1e0', '+1', '0x1', '1.0', '%201']) {
      expect((await ctx.app.inject({ url: `/api/blogs/${id}` })).statusCode, id).toBe(400);
    }
  });

  it('shows the alt text written in the media library for uploaded images, and follows its edits', async () => {
    const item = await ctx.make.makeImage({ width: 800, height: 450, alt: 'The lighthouse level at dusk' });
    await ctx.make.makeApp({ title: 'Beacon', screenshots: [item.url] });

    const home = await get('/');
    expect(home.body).toContain(`src="${item.url}"`);
    expect(home.body).toContain('alt="The lighthouse level at dusk"');
    expect(home.body).not.toContain('alt="Screenshot of Beacon"');

    // A new alt text in the library reaches the cached page.
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/media/${item.id}`,
      headers: { cookie: ctx.editor },
      payload: { alt: 'Beacon: the harbour at night' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await get('/')).body).toContain('alt="Beacon: the harbour at night"');
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'does not keep a page rendered from data older than a write that landed meanwhile',
    async () => {
      const home = { heroTitle: 'Old hero', featuredAppTitle: 'Our games' };
      await ctx.app.inject({ method: 'PUT', url: '/api/home-content', headers: { cookie: ctx.editor }, payload: home });
      // Hold the apps table so the home page's render stops half-way, after reading the hero.
      const blocker = new pg.Client({ connectionString: ctx.databaseUrl });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('lock table apps in access exclusive mode');
      const slow = get('/');
      // The render is waiting on the lock before the write goes in.
      await expect
        .poll(async () => {
          const { rows } = await blocker.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return rows[0]!.n;
        })
        .toBeGreaterThan(0);
      const write = await ctx.app.inject({
        method: 'PUT',
        url: '/api/home-content',
        headers: { cookie: ctx.editor },
        payload: { ...home, heroTitle: 'New hero' },
      });
      expect(write.statusCode).toBe(200);
      await blocker.query('commit');
      await blocker.end();
      expect((await slow).body).toContain('Old hero');
      // The render that straddled the write was not stored.
      expect((await get('/')).body).toContain('New hero');
    },
  );
});

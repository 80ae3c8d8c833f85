// "Remove the demo content" (issue 21): what goes and what stays, who may, one transaction, and every
// public surface (pages, feeds, sitemap, .well-known files) empty of the demo afterwards.
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, ok, requests } from '../../../../tests/setup/api';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import type { AgeRating } from '../../../shared/schemas/app-ratings';
import type { DemoContentReport } from '../../../shared/schemas/demo-content';
import {
  analyticsDaily,
  analyticsEvents,
  appReleases,
  demoContent,
  media,
  socialMediaLinks,
  translations,
} from '../../db/schema';
import { seed, seedDemoContent } from '../../seed/seed';
import {
  demoAbout,
  demoApps,
  demoContact,
  demoPrivacy,
  demoSocialLinks,
  demoStudioPosts,
  demoStudioPressKit,
} from './seed-data';
import { productionWeb } from '../../ssr/web';
import { fingerprint, stillAsSeeded } from './demo-content.repo';
import { readSitemap } from '../../../../tests/setup/sitemap';
import { deAbout, deApps, deHome, deStudioPosts } from './seed-data.de';

let ctx: TestContext;
let admin: string;
let editor: string;
const quiet = { info: () => {} };

interface AppRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  icon: string;
  screenshots: string[];
  ratings: AgeRating[];
  accessibilityTags: string[];
  accessibilityNote: string;
}

const { get, send } = requests(
  () => ctx.app,
  () => editor,
);
const call = (method: 'GET' | 'DELETE', cookie?: string) =>
  ctx.app.inject({ method, url: '/api/admin/demo-content', headers: cookie ? { cookie } : {} });
const appsNow = async () => ok<AppRow[]>(get('/api/apps', admin));
const bySlug = async (slug: string) => (await appsNow()).find((a) => a.slug === slug)!;
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? '';
const translationRows = async () =>
  (await ctx.database.db.select().from(translations)).map((t) => `${t.type}:${t.item}:${t.locale}`).sort();
const mediaCount = async () => Number((await ctx.database.db.select({ n: count() }).from(media))[0]!.n);

/** Every public surface a visitor, a feed reader, a crawler or a store reads. */
async function publicSurfaces(): Promise<string> {
  const urls = ['/', '/blog', '/about', '/privacy', '/contact', '/press', '/rss.xml', '/blog/rss.xml', '/sitemap.xml'];
  const bodies = [];
  for (const url of urls) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    bodies.push(res.body);
  }
  // The sitemap's parts too (issue 28: /sitemap.xml is their index).
  bodies.push(await readSitemap(ctx.app));
  return bodies.join('\n');
}

const removed = ['lantern-drift', 'pocket-orchard', 'brightlist', 'quiet-hours'];

beforeAll(async () => {
  ctx = await createTestApp({ siteName: 'Kestrel Games' }, { web: productionWeb() });
  ({ admin, editor } = await staffSessions(ctx));
  await seed(ctx.database.db, { ...ctx.config, seedDemoContent: true }, quiet);
}, 120_000);

describe('demo content', () => {
  it('is for administrators only: 401 signed out, 403 for a plain User', async () => {
    expectError(await call('GET'), 401, 'UNAUTHENTICATED');
    expectError(await call('DELETE'), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', editor), 403, 'FORBIDDEN');
    expectError(await call('DELETE', editor), 403, 'FORBIDDEN');
    // Nothing went.
    expect(await appsNow()).toHaveLength(demoApps.length);
  });

  it('names everything the demo made while the studio has not touched it', async () => {
    const report = await ok<DemoContentReport>(call('GET', admin));
    expect(report.apps.map((a) => a.title).sort()).toEqual(demoApps.map((a) => a.title).sort());
    expect(report.posts).toBe(demoApps.reduce((n, a) => n + a.posts.length, 0) + demoStudioPosts.length);
    expect(report.pages).toEqual(['about', 'privacy', 'home', 'contact']);
    expect(report.socialLinks).toBe(demoSocialLinks.length);
    expect(report.pressKit).toBe(true);
    expect(report.images).toBe(demoApps.reduce((n, a) => n + 1 + a.shots, 0));
    // The Analytics screen's month of sample figures (issue 27).
    expect(report.sampleFigures).toBe(true);
    expect(report).toMatchObject({ keptApps: [], keptItems: 0, hasDemoContent: true });
    // A preview changes nothing.
    expect(await appsNow()).toHaveLength(demoApps.length);
  });

  it('gives the demo games age ratings, accessibility tags and a note (issue 25)', async () => {
    const list = await ok<AppRow[]>(get('/api/apps'));
    const rated = demoApps.filter((a) => a.store.ratings?.length);
    expect(rated.length).toBeGreaterThanOrEqual(2);
    for (const demo of rated) {
      const app = list.find((a) => a.slug === demo.slug)!;
      expect(app.ratings.length, demo.slug).toBe(demo.store.ratings!.length);
      expect(app.accessibilityTags, demo.slug).toEqual(demo.store.accessibilityTags);
      expect(app.accessibilityNote, demo.slug).toBe(demo.store.accessibilityNote ?? '');
    }
    expect(list.find((a) => a.slug === 'tidepool-tactics')!.ratings[0]).toEqual({
      system: 'pegi',
      rating: '7',
      descriptors: ['Violence'],
      notices: ['in-game-purchases'],
    });
  });

  it('ships in German too: the site speaks English and German, every demo text is published in German', async () => {
    const locales = await ok<{ locales: { code: string; isDefault: boolean }[] }>(get('/api/admin/locales', admin));
    expect(locales.locales.map((l) => [l.code, l.isDefault])).toEqual([
      ['en', true],
      ['de', false],
    ]);
    // Every demo app, in German, in the public list.
    const german = await ok<(AppRow & { tagline: string })[]>(get('/api/apps?locale=de'));
    expect(german.map((a) => a.slug).sort()).toEqual(demoApps.map((a) => a.slug).sort());
    for (const app of german) {
      expect(app.description, app.slug).toBe(deApps[app.slug]!.description);
      expect(app.tagline, app.slug).toBe(deApps[app.slug]!.tagline);
      // Issue 25: the accessibility note in German where the English app has one.
      expect(app.accessibilityNote, app.slug).toBe(deApps[app.slug]!.accessibilityNote ?? '');
    }
    // Every published demo post has its published German translation, with an address of its own.
    const posts = await ok<{ id: number; title: string; slug: string }[]>(get('/api/blogs?locale=de&pageSize=50'));
    const published = demoApps.flatMap((a) => a.posts.map((p) => ({ ...p, app: a.slug }))).filter((p) => p.isPublished);
    // The studio's news too (issue 26).
    expect(posts.map((p) => p.title).sort()).toEqual(
      [
        ...published.map((p) => deApps[p.app]!.posts[p.title]!.title),
        ...demoStudioPosts.map((p) => deStudioPosts[p.title]!.title),
      ].sort(),
    );
    expect(posts.find((p) => p.title.startsWith('Devlog #2'))!.slug).toBe(
      'devlog-2-wir-streichen-unser-lieblingslevel',
    );
    // Written against the English text as it is: nothing is "changed since translated".
    const drafts = new Set(
      (await ok<{ id: number; isPublished: boolean }[]>(get('/api/admin/blogs', editor)))
        .filter((p) => !p.isPublished)
        .map((p) => String(p.id)),
    );
    for (const type of ['app', 'post', 'page', 'app-page']) {
      const summary = await ok<{ item: string; status: string; outdated: boolean }[]>(
        get(`/api/admin/translations?type=${type}`, editor),
      );
      expect(summary.length, type).toBeGreaterThan(0);
      // The draft post's German is a draft too (published with the post).
      for (const row of summary)
        expect(row, `${type} ${row.item}`).toMatchObject({
          status: type === 'post' && drafts.has(row.item) ? 'draft' : 'published',
          outdated: false,
        });
    }
    expect(
      (await ok<{ item: string }[]>(get('/api/admin/translations?type=page', editor))).map((r) => r.item).sort(),
    ).toEqual(['about', 'contact', 'home', 'press', 'privacy', 'site']);
    // Two apps' support and deletion pages, every app's press page, one app's privacy policy.
    expect(await ok<unknown[]>(get('/api/admin/translations?type=app-page', editor))).toHaveLength(
      4 + demoApps.length + 1,
    );
    // The German pages, server-rendered.
    const about = await get('/de/about');
    expect(about.statusCode).toBe(200);
    expect(htmlTag(about.body)).toContain('lang="de"');
    expect(about.body).toContain(deAbout.title);
    const home = await get('/de');
    expect(home.statusCode).toBe(200);
    expect(htmlTag(home.body)).toContain('lang="de"');
    expect(home.body).toContain(deHome.heroTitle);
    expect(home.body).toContain('Kestrel Games');
  });

  it('keeps what the studio wrote: its own app, an edited demo app, a demo app with its post, an edited About Us', async () => {
    // The studio's own app (it shows a demo screenshot, so that image stays too).
    const shot = (await bySlug('lantern-drift')).screenshots[0]!;
    await ok(
      send('POST', '/api/apps', {
        title: 'Kestrel Run',
        description: 'Our own game.',
        icon: 'https://example.com/kestrel.png',
        screenshots: [shot],
        slug: 'kestrel-run',
        appleTeamId: 'KESTREL123',
        appleBundleId: 'com.kestrel.run',
        appLinkPaths: ['/apps/kestrel-run/*'],
      }),
      201,
    );
    // A demo app the studio edited.
    const tidepool = await bySlug('tidepool-tactics');
    const { id: _id, ...fields } = await ok<Record<string, unknown>>(get(`/api/apps/${tidepool.id}`, editor));
    await ok(send('PUT', `/api/apps/${tidepool.id}`, { ...fields, description: 'Now our game: we took it over.' }));
    // A post of the studio's under a demo app.
    const moss = await bySlug('moss-and-bolt');
    await ok(
      send('POST', '/api/admin/blogs', {
        appId: moss.id,
        title: 'Our first devlog',
        content: '<p>Written by the studio.</p>',
        isPublished: true,
      }),
      201,
    );
    // The About Us the studio rewrote.
    await ok(
      send('PUT', '/api/about-us', {
        title: 'About Kestrel',
        content: '<p>Two of us, making small games in Porto.</p>',
      }),
    );
    // The studio's own German: its app's translation, and the site's German tagline it wrote.
    const kestrel = await bySlug('kestrel-run');
    await ok(
      send('PUT', `/api/admin/translations/app/${kestrel.id}/de`, {
        fields: { title: 'Kestrel Run', description: 'Unser eigenes Spiel.' },
        isPublished: true,
      }),
    );
    await ok(
      send('PUT', '/api/admin/translations/page/site/de', {
        fields: { name: 'Kestrel Games', tagline: 'Kleine Spiele aus Porto' },
        isPublished: true,
      }),
    );
    // Reordering the apps is not writing in them.
    const order = (await appsNow()).map((a) => a.id).reverse();
    await ok(
      ctx.app.inject({ method: 'PUT', url: '/api/apps/order', headers: { cookie: editor }, payload: { ids: order } }),
    );

    const report = await ok<DemoContentReport>(call('GET', admin));
    expect(report.apps.map((a) => a.title).sort()).toEqual([
      'Brightlist',
      'Lantern Drift',
      'Pocket Orchard',
      'Quiet Hours',
    ]);
    expect(report.keptApps).toEqual(
      expect.arrayContaining([
        { id: tidepool.id, title: 'Tidepool Tactics', reason: 'edited' },
        { id: moss.id, title: 'Moss & Bolt', reason: 'posts' },
      ]),
    );
    expect(report.pages).toEqual(['privacy', 'home', 'contact']);
    // The About Us and the site's German text.
    expect(report.keptItems).toBe(2);
  });

  it('is one transaction: a failure midway leaves everything as it was', async () => {
    const before = { apps: (await appsNow()).length, media: await mediaCount() };
    // The last table the removal writes refuses: everything before it must roll back.
    const db = ctx.database.db;
    await db.execute(sql`create function refuse_delete() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await db.execute(
      sql`create trigger refuse_delete before delete on demo_content for each row execute function refuse_delete()`,
    );
    try {
      const res = await call('DELETE', admin);
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_delete on demo_content`);
      await db.execute(sql`drop function refuse_delete()`);
    }
    expect((await appsNow()).length).toBe(before.apps);
    expect(await mediaCount()).toBe(before.media);
    expect(await ok(get('/api/contact'))).toMatchObject({ email: demoContact.email });
    expect((await db.select().from(socialMediaLinks)).length).toBe(demoSocialLinks.length);
  });

  it('removes the rest, and no page, feed, sitemap or .well-known file shows it any more', async () => {
    // Warm every cache first: the removal must drop them.
    const before = await publicSurfaces();
    expect(before).toContain('Lantern Drift');
    const aasa = await get('/.well-known/apple-app-site-association');
    expect(aasa.body).toContain('N7PAW4STD1');
    const shotKept = (await bySlug('kestrel-run')).screenshots[0]!;
    const lanternIcon = (await bySlug('lantern-drift')).icon;
    const preview = await ok<DemoContentReport>(call('GET', admin));
    // A visit the site really counted, beside the sample figures: it stays.
    const db = ctx.database.db;
    const sampleRows = async () => ({
      events: (await db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.sample, true)))[0]!.n,
      totals: (await db.select({ n: count() }).from(analyticsDaily).where(eq(analyticsDaily.sample, true)))[0]!.n,
    });
    // (Sample totals are there once the rollup has run; none here, and both must be gone after.)
    expect((await sampleRows()).events).toBeGreaterThan(0);
    const [real] = await db
      .insert(analyticsEvents)
      .values({ at: new Date(), day: new Date().toISOString().slice(0, 10), name: 'pageview', path: '/' })
      .returning({ id: analyticsEvents.id });

    const report = await ok<DemoContentReport>(call('DELETE', admin));
    expect(report).toEqual(preview);
    expect(await sampleRows()).toEqual({ events: 0, totals: 0 });
    expect(await db.select().from(analyticsEvents).where(eq(analyticsEvents.id, real!.id))).toHaveLength(1);

    const left = (await appsNow()).map((a) => a.slug).sort();
    expect(left).toEqual(['kestrel-run', 'moss-and-bolt', 'tidepool-tactics']);
    // The studio's app shows a demo screenshot, alt text and all; nothing else may name a removed app.
    const after = (await publicSurfaces()).replaceAll('alt="Screenshot of Lantern Drift"', '');
    for (const slug of removed) {
      const title = demoApps.find((a) => a.slug === slug)!.title;
      expect(after, title).not.toContain(title);
      expect(after, slug).not.toContain(`/apps/${slug}`);
      for (const post of demoApps.find((a) => a.slug === slug)!.posts) expect(after).not.toContain(post.title);
    }
    expect(after).toContain('Kestrel Run');
    expect(after).toContain('Our first devlog');
    // The demo posts of an app that stays went too.
    for (const post of demoApps.find((a) => a.slug === 'moss-and-bolt')!.posts) expect(after).not.toContain(post.title);
    expect(after).not.toContain(demoContact.email);
    expect(after).not.toContain(demoStudioPressKit.basedIn!);
    // The studio's own pages name the demo studio nowhere (a kept demo app still links its accounts).
    for (const url of ['/', '/about', '/contact', '/privacy', '/press']) {
      const body = (await get(url)).body;
      expect(body, url).not.toContain('Northpaw');
      expect(body, url).not.toContain(demoSocialLinks[2]!.url);
    }

    // The store files list the studio's app only; Android's has no app left: 404.
    const apple = await get('/.well-known/apple-app-site-association');
    expect(apple.statusCode).toBe(200);
    expect(apple.body).toContain('KESTREL123.com.kestrel.run');
    expect(apple.body).not.toContain('N7PAW4STD1');
    expect((await get('/.well-known/assetlinks.json')).statusCode).toBe(404);

    // Texts: the studio's About Us stays; the demo's others read as never written.
    expect(await ok(get('/api/about-us'))).toMatchObject({ title: 'About Kestrel' });
    expect(await ok(get('/api/privacy-policy'))).toBeNull();
    expect(await ok(get('/api/home-content'))).toBeNull();
    expect(await ok(get('/api/contact'))).toBeNull();
    expect(await ok(get('/api/social-media'))).toEqual([]);
    expect(await ok(get('/api/press-kits/studio'))).toMatchObject({ version: 0, history: '', credits: [] });
    expect((await get('/')).body).toContain('Kestrel Games');
    expect((await get('/about')).body).not.toContain(demoAbout.title);
    expect((await get('/privacy')).body).not.toContain(demoPrivacy.content.slice(20, 60));

    // German: the demo's translations went (apps' and posts' with their rows, the pages' untouched
    // ones); the studio's own stay, and so do kept demo apps' (as their English does), and the languages.
    const tidepool = await bySlug('tidepool-tactics');
    const moss = await bySlug('moss-and-bolt');
    expect(await translationRows()).toEqual(
      [
        `app:${(await bySlug('kestrel-run')).id}:de`,
        `app:${moss.id}:de`,
        `app:${tidepool.id}:de`,
        // A kept app's German press page stays with it (issue 24, decision 111).
        `app-page:${moss.id}-press:de`,
        `app-page:${tidepool.id}-press:de`,
        'page:site:de',
        // A kept app's versions keep their German "What's new" (issue 26).
        ...(await ctx.database.db.select().from(appReleases).where(eq(appReleases.appId, tidepool.id))).map(
          (r) => `release:${r.id}:de`,
        ),
      ].sort(),
    );
    expect((await get('/de/about')).statusCode).toBe(404);
    const germanHome = await get('/de');
    expect(germanHome.statusCode).toBe(200);
    expect(germanHome.body).toContain('Kleine Spiele aus Porto');
    expect(germanHome.body).not.toContain('Northpaw');
    const locales = await ok<{ locales: { code: string }[] }>(get('/api/admin/locales', admin));
    expect(locales.locales.map((l) => l.code)).toEqual(['en', 'de']);

    // Images: the one the studio's app shows stays; a removed app's icon is gone.
    expect((await get(shotKept)).statusCode).toBe(200);
    expect((await get(lanternIcon)).statusCode).toBe(404);
    expect(report.images).toBeGreaterThan(0);
  });

  it('has nothing left to remove, and the demo never comes back by itself', async () => {
    const report = await ok<DemoContentReport>(call('GET', admin));
    expect(report).toMatchObject({
      apps: [],
      posts: 0,
      pages: [],
      socialLinks: 0,
      pressKit: false,
      images: 0,
      sampleFigures: false,
    });
    expect(report.hasDemoContent).toBe(false);
    expect(await ok<DemoContentReport>(call('DELETE', admin))).toMatchObject({ hasDemoContent: false });
    // Even in an empty site: the start-up seed sees that the demo was there once.
    await ctx.database.db.execute(sql`delete from apps`);
    await ctx.database.db.execute(sql`delete from about_us`);
    expect(await seedDemoContent(ctx.database.db, ctx.config)).toBe(false);
    const [marker] = await ctx.database.db.select().from(demoContent);
    expect(marker).toBeDefined();
  });
});

describe('a site seeded before the demo was recorded', () => {
  it('has its untouched demo rows recognised at start-up by the seed data, and edited ones left as the studio’s', async () => {
    const old = await createTestApp({ siteName: 'Kestrel Games' });
    const sessions = await staffSessions(old);
    await seed(old.database.db, { ...old.config, seedDemoContent: true }, quiet);
    const recorded = await ok<DemoContentReport>(
      old.app.inject({ url: '/api/admin/demo-content', headers: { cookie: sessions.admin } }),
    );
    // As an older version left it: the demo's rows, no record of them; and the studio has edited About Us.
    await old.database.db.delete(demoContent);
    await ok(
      old.app.inject({
        method: 'PUT',
        url: '/api/about-us',
        headers: { cookie: sessions.editor },
        payload: { title: 'About Kestrel', content: '<p>Two of us, making small games in Porto.</p>' },
      }),
    );
    await seed(old.database.db, { ...old.config, seedDemoContent: true }, quiet);
    const recognised = await ok<DemoContentReport>(
      old.app.inject({ url: '/api/admin/demo-content', headers: { cookie: sessions.admin } }),
    );
    expect(recognised).toEqual({ ...recorded, pages: ['privacy', 'home', 'contact'] });
    await ok(old.app.inject({ method: 'DELETE', url: '/api/admin/demo-content', headers: { cookie: sessions.admin } }));
    expect(await ok(old.app.inject({ url: '/api/apps' }))).toEqual([]);
    expect(await ok(old.app.inject({ url: '/api/about-us' }))).toMatchObject({ title: 'About Kestrel' });
    // Recognised once: the demo is not seeded again into the emptied site.
    await seed(old.database.db, { ...old.config, seedDemoContent: true }, quiet);
    expect(await ok(old.app.inject({ url: '/api/apps' }))).toEqual([]);
  }, 120_000);
});

describe('a fingerprint', () => {
  const seeded = { id: 1, title: 'Lantern Drift', screenshots: ['/a.png'], position: 0, updatedAt: new Date(0) };
  const recorded = fingerprint(seeded);

  it('matches the row as seeded, wherever it sits in the list and whenever it was touched', () => {
    expect(stillAsSeeded({ ...seeded, position: 5, updatedAt: new Date() }, recorded)).toBe(true);
  });

  it('leaves out the version counter (an app recorded before apps had one, saved without a change)', () => {
    expect(stillAsSeeded({ ...seeded, version: 1 }, recorded)).toBe(true);
    expect(stillAsSeeded({ ...seeded, version: 4 }, recorded)).toBe(true);
  });

  it('does not match once a field changed', () => {
    expect(stillAsSeeded({ ...seeded, title: 'Lantern Drift 2' }, recorded)).toBe(false);
    expect(stillAsSeeded({ ...seeded, screenshots: [] }, recorded)).toBe(false);
  });

  it('ignores a column a later version added while it is blank, not once someone set it', () => {
    expect(stillAsSeeded({ ...seeded, shareImage: null, tags: [], note: '' }, recorded)).toBe(true);
    expect(stillAsSeeded({ ...seeded, shareImage: '/media/0123456789abcdef/1200x630.jpg' }, recorded)).toBe(false);
  });
});

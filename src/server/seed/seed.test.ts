import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import sharp from 'sharp';
import { parseMediaUrl } from '../../shared/media';
import { responsiveImage } from '../../shared/responsive-image';
import { verifyPassword } from '../lib/passwords';
import {
  aboutUs,
  apps,
  blogPosts,
  contactInfo,
  homeContent,
  media,
  privacyPolicy,
  siteLocales,
  socialMediaLinks,
  translations,
  users,
} from '../db/schema';
import { seed, seedDemoContent, seedDemoPictures } from './seed';
import { demoAppPrivacy, demoApps, demoReleases, demoStudioPosts } from '../modules/demo-content/seed-data';

let ctx: TestContext;
const quiet = { info: () => {} };

type CountedTable =
  | typeof apps
  | typeof blogPosts
  | typeof users
  | typeof socialMediaLinks
  | typeof homeContent
  | typeof aboutUs
  | typeof contactInfo
  | typeof privacyPolicy
  | typeof translations
  | typeof media;

async function counts(ctx: TestContext) {
  const n = async (table: CountedTable) => Number((await ctx.database.db.select({ n: count() }).from(table))[0]!.n);
  return {
    users: await n(users),
    apps: await n(apps),
    posts: await n(blogPosts),
    social: await n(socialMediaLinks),
    home: await n(homeContent),
    about: await n(aboutUs),
    contact: await n(contactInfo),
    privacy: await n(privacyPolicy),
    media: await n(media),
    translations: await n(translations),
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
});

describe('first-run seed', () => {
  it('creates an administrator with a generated password and believable demo content', async () => {
    const result = await seed(ctx.database.db, { ...ctx.config, seedDemoContent: true }, quiet);
    expect(result.adminCreated).toBe(true);
    expect(result.demoContentCreated).toBe(true);
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const [admin] = await ctx.database.db.select().from(users);
    expect(admin).toMatchObject({ username: 'admin', isAdmin: true });
    expect(await verifyPassword(admin!.password, result.generatedPassword!)).toBe(true);

    expect(await counts(ctx)).toEqual({
      users: 1,
      apps: 6,
      posts: expect.any(Number),
      social: 4,
      home: 1,
      about: 1,
      contact: 1,
      // The studio's policy and the demo apps' own (issue 14).
      privacy: 1 + Object.keys(demoAppPrivacy).length,
      // Every demo text in German (issue 24).
      translations: expect.any(Number),
      // One icon per app and its screenshots; post galleries reuse screenshots.
      media: demoApps.reduce((n, app) => n + 1 + app.shots, 0),
    });

    const appList = (await ctx.app.inject({ url: '/api/apps' })).json() as {
      title: string;
      status: string;
      screenshots: string[];
      icon: string;
    }[];
    expect(new Set(appList.map((a) => a.status))).toEqual(
      new Set(['Live', 'Testing', 'In Development', 'In Design', 'Coming Soon']),
    );
    // The demo pictures are uploaded rasters, served with their variants.
    for (const app of appList) {
      expect(app.screenshots).toHaveLength(demoApps.find((d) => d.title === app.title)!.shots);
      for (const url of [app.icon, ...app.screenshots]) {
        expect(parseMediaUrl(url), url).not.toBeNull();
        const res = await ctx.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        const meta = await sharp(res.rawPayload).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(/\/(\d+x\d+)\.jpg$/.exec(url)![1]);
        const avif = responsiveImage(url)!.sources[0]!.srcSet.split(' ')[0]!;
        expect((await ctx.app.inject({ url: avif })).headers['content-type']).toBe('image/avif');
      }
    }
    // Wide screenshots are big enough to be share images; phone ones are portrait.
    const shapes = appList.map((app) => parseMediaUrl(app.screenshots[0]!)!);
    expect(shapes.some((s) => s.width >= 1200 && s.height >= 630)).toBe(true);
    expect(shapes.some((s) => s.width < s.height)).toBe(true);

    const posts = await ctx.database.db.select().from(blogPosts);
    const gallery = posts.flatMap((p) => p.images);
    expect(gallery.length).toBeGreaterThan(0);
    const shots = new Set(appList.flatMap((a) => a.screenshots));
    for (const url of gallery) expect(shots.has(url), url).toBe(true);
    expect(posts.filter((p) => !p.isPublished)).toHaveLength(1);
    expect(posts.filter((p) => p.isPublished).every((p) => p.publishedAt)).toBe(true);
    // Per app: the studio's own news (issue 26) belongs to none.
    const published = (await ctx.app.inject({ url: '/api/blog-counts' })).json() as Record<string, number>;
    const studioPosts = posts.filter((p) => p.appId === null);
    expect(studioPosts.map((p) => p.title)).toEqual(demoStudioPosts.map((p) => p.title));
    expect(Object.values(published).reduce((a, b) => a + b, 0)).toBe(posts.length - 1 - studioPosts.length);
  });

  it('gives demo apps privacy policies: one its own text with a data table, one the studio’s (issue 14)', async () => {
    const list = (await ctx.app.inject({ url: '/api/apps' })).json() as { id: number; slug: string }[];
    const policy = async (slug: string) =>
      (await ctx.app.inject({ url: `/api/apps/${list.find((a) => a.slug === slug)!.id}/privacy-policy` })).json() as {
        usesStudioPolicy: boolean;
        content: string;
        dataCollected: unknown[];
      };
    const own = await policy('lantern-drift');
    expect(own.usesStudioPolicy).toBe(false);
    expect(own.dataCollected.length).toBeGreaterThan(0);
    const studio = await policy('brightlist');
    expect(studio.usesStudioPolicy).toBe(true);
    expect(studio.content.length).toBeGreaterThan(100);
  });
  it('writes the demo in German too, published (a draft post’s a draft), at the seed’s one instant, and sets English and German', async () => {
    // The site's other languages (English is the default).
    const locales = await ctx.database.db.select().from(siteLocales);
    expect(locales.map((l) => l.code)).toEqual(['de']);
    const rows = await ctx.database.db.select().from(translations);
    const posts = demoApps.flatMap((a) => a.posts).length + demoStudioPosts.length;
    const releases = Object.values(demoReleases).flat().length;
    // Apps, posts (the studio's news among them, issue 26), six pages (the studio's press kit among
    // them), two apps' support and deletion pages, every app's press kit, one app's privacy policy
    // (decision 111) and every release's "What's new" (issue 26).
    expect(rows).toHaveLength(demoApps.length + posts + 6 + 4 + demoApps.length + 1 + releases);
    expect(rows.filter((r) => r.type === 'release')).toHaveLength(releases);
    expect(rows.filter((r) => r.type === 'app-page' && r.item.endsWith('-press'))).toHaveLength(demoApps.length);
    expect(rows.every((r) => r.locale === 'de' && !r.useDefault)).toBe(true);
    // Published, but for the draft post's: a draft too, until the post is published.
    const drafts = demoApps.flatMap((a) => a.posts).filter((p) => !p.isPublished).length;
    expect(rows.filter((r) => !r.isPublished)).toHaveLength(drafts);
    expect(rows.filter((r) => !r.isPublished).every((r) => r.type === 'post')).toBe(true);
    expect(new Set(rows.map((r) => r.createdAt.toISOString())).size).toBe(1);
  });

  it('changes nothing on a second start', async () => {
    const before = await counts(ctx);
    const result = await seed(ctx.database.db, { ...ctx.config, seedDemoContent: true }, quiet);
    expect(result).toEqual({ adminCreated: false, demoContentCreated: false });
    expect(await counts(ctx)).toEqual(before);
  });

  it('draws the same pictures each time, so drawing them again stores nothing new', async () => {
    const before = await counts(ctx);
    const appList = (await ctx.app.inject({ url: '/api/apps' })).json() as { icon: string; screenshots: string[] }[];
    const again = await seedDemoPictures(ctx.database.db, demoApps.slice(0, 1));
    expect(again[0]!.icon).toBe(appList[0]!.icon);
    expect(again[0]!.screenshots).toEqual(appList[0]!.screenshots);
    expect(await counts(ctx)).toEqual(before);
  });

  it('does not bring demo content back into a site whose apps were all deleted', async () => {
    await ctx.database.db.delete(apps);
    expect(await seedDemoContent(ctx.database.db, ctx.config)).toBe(false);
    expect((await counts(ctx)).apps).toBe(0);
  });
});

describe('first administrator from the environment', () => {
  it('uses ADMIN_USERNAME and ADMIN_PASSWORD and prints no password', async () => {
    const other = await createTestApp();
    const result = await seed(
      other.database.db,
      { ...other.config, adminUsername: 'owner', adminPassword: 'correct-horse', seedDemoContent: false },
      quiet,
    );
    expect(result).toEqual({ adminCreated: true, generatedPassword: undefined, demoContentCreated: false });
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'owner', password: 'correct-horse' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'owner', isAdmin: true });
    expect((await counts(other)).apps).toBe(0);
    // Without the demo, no German either: neither its translations nor the language.
    expect((await counts(other)).translations).toBe(0);
    const locales = await other.database.db.select().from(siteLocales);
    expect(locales.map((l) => l.code)).not.toContain('de');
  });
});

import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { verifyPassword } from '../lib/passwords';
import { aboutUs, apps, blogPosts, contactInfo, homeContent, privacyPolicy, socialMediaLinks, users } from './schema';
import { seed, seedDemoContent } from './seed';

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
  | typeof privacyPolicy;

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
      privacy: 1,
    });

    const appList = (await ctx.app.inject({ url: '/api/apps' })).json() as {
      status: string;
      screenshots: string[];
      icon: string;
    }[];
    expect(new Set(appList.map((a) => a.status))).toEqual(
      new Set(['Live', 'Testing', 'In Development', 'In Design', 'Coming Soon']),
    );
    // The demo images ship in the repo and are served.
    for (const path of [appList[0]!.icon, appList[0]!.screenshots[0]!]) {
      const res = await ctx.app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
    }

    const posts = await ctx.database.db.select().from(blogPosts);
    expect(posts.filter((p) => !p.isPublished)).toHaveLength(1);
    expect(posts.filter((p) => p.isPublished).every((p) => p.publishedAt)).toBe(true);
    const published = (await ctx.app.inject({ url: '/api/blog-counts' })).json() as Record<string, number>;
    expect(Object.values(published).reduce((a, b) => a + b, 0)).toBe(posts.length - 1);
  });

  it('changes nothing on a second start', async () => {
    const before = await counts(ctx);
    const result = await seed(ctx.database.db, { ...ctx.config, seedDemoContent: true }, quiet);
    expect(result).toEqual({ adminCreated: false, demoContentCreated: false });
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
  });
});

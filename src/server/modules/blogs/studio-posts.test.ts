// Studio news (issue 26): a post can belong to the studio instead of an app. The API takes
// `appId: null` only with `scope: "studio"` said outright (else the spec's "Please select an app");
// a published studio post shows on /blog ("The studio" where an app's name shows), in the site's
// feeds, the sitemap and site search, in another language once translated, and never on an app's
// blog or feed; "Send to the newsletter" drafts a campaign to the studio's list from it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, paths } from '../../../shared/paths';
import type { BlogPost, PublicBlogPost } from '../../../shared/schemas/blog-posts';
import type { SearchResult } from '../../../shared/schemas/search';
import { expectError, expectSingleIssue, ok } from '../../../../tests/setup/api';
import { postFields } from '../../../../tests/setup/translations';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { auditLog, blogPosts, campaigns } from '../../db/schema';
import { productionWeb } from '../../ssr/web';
import { readSitemap } from '../../../../tests/setup/sitemap';

// The public pages are rendered as in production (the built client).
const ctx = useStaffApp({}, { web: productionWeb() });
const { get, send } = ctx;

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Hello from the studio',
  content: '<p>We are a small studio of lighthouse keepers and game makers.</p>',
  ...overrides,
});
const studioPost = (overrides: Record<string, unknown> = {}) =>
  ok<BlogPost>(send('POST', api.adminBlogs, body({ appId: null, scope: 'studio', ...overrides })), 201);

let appId: number;

beforeAll(async () => {
  appId = (await ctx.make.makeApp({ title: 'Harbour Lights' })).id;
  await ctx.make.makePost(appId, { title: 'Harbour Lights devlog', isPublished: true });
});

describe('the API rules of a studio post', () => {
  it('takes appId null only with scope "studio" said outright', async () => {
    const post = await studioPost({ title: 'Studio rules' });
    expect(post).toMatchObject({ appId: null, scope: 'studio', title: 'Studio rules' });
    const [row] = await ctx.database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row).toMatchObject({ appId: null, scope: 'studio' });
    // An app's post says so too.
    const appPost = await ok<BlogPost>(send('POST', api.adminBlogs, body({ appId, title: 'App rules' })), 201);
    expect(appPost).toMatchObject({ appId, scope: 'app' });
  });

  it('answers the spec\'s "Please select an app" when nothing is chosen', async () => {
    for (const appIdValue of [undefined, null, '', 0]) {
      expectSingleIssue(
        await send('POST', api.adminBlogs, body({ appId: appIdValue })),
        'appId',
        'Please select an app',
      );
      expectSingleIssue(
        await send('POST', api.adminBlogs, body({ appId: appIdValue, scope: 'app' })),
        'appId',
        'Please select an app',
      );
    }
    // The studio with an app as well is refused; so is an unknown scope.
    expectSingleIssue(
      await send('POST', api.adminBlogs, body({ appId, scope: 'studio' })),
      'appId',
      'A studio post belongs to no app: send appId null',
    );
    expect((await send('POST', api.adminBlogs, body({ appId: null, scope: 'everyone' }))).statusCode).toBe(422);
  });

  it('moves a post from an app to the studio and back', async () => {
    const post = await ctx.make.makePost(appId, { title: 'Moving post' });
    const moved = await ok<BlogPost>(
      send('PUT', api.adminBlog(post.id), body({ appId: null, scope: 'studio', title: 'Moving post' })),
    );
    expect(moved).toMatchObject({ appId: null, scope: 'studio' });
    expectSingleIssue(
      await send('PUT', api.adminBlog(post.id), body({ appId: null, title: 'Moving post' })),
      'appId',
      'Please select an app',
    );
    const back = await ok<BlogPost>(send('PUT', api.adminBlog(post.id), body({ appId, title: 'Moving post' })));
    expect(back).toMatchObject({ appId, scope: 'app' });
  });

  it('shows "The studio" in the admin list, and its search finds studio posts', async () => {
    await studioPost({ title: 'Admin list studio post' });
    const all = await ok<{ title: string; appTitle: string | null; scope: string }[]>(get(api.adminBlogs, ctx.editor));
    expect(all.find((p) => p.title === 'Admin list studio post')).toMatchObject({
      appTitle: 'The studio',
      scope: 'studio',
    });
    const found = await ok<{ title: string }[]>(get(`${api.adminBlogs}?page=1&pageSize=50&q=the%20studio`, ctx.editor));
    expect(found.map((p) => p.title)).toContain('Admin list studio post');
    expect(found.map((p) => p.title)).not.toContain('Harbour Lights devlog');
  });
});

describe('where a published studio post shows', () => {
  let post: BlogPost;
  let draft: BlogPost;

  beforeAll(async () => {
    post = await studioPost({ title: 'Lighthouse keepers wanted', isPublished: true, excerpt: 'We are hiring.' });
    draft = await studioPost({ title: 'Secret studio draft' });
  });

  it('is on the blog index, named "The studio", and on its own page', async () => {
    const index = await ok<PublicBlogPost[]>(get(api.blogs({ pageSize: 50 })));
    expect(index.find((p) => p.id === post.id)).toMatchObject({ appId: null, scope: 'studio', appTitle: 'The studio' });
    expect(index.some((p) => p.id === draft.id)).toBe(false);
    expect(await ok<BlogPost>(get(api.blog(post.id)))).toMatchObject({ id: post.id, appId: null });
    expectError(await get(api.blog(draft.id)), 404, 'NOT_FOUND');

    const page = await get(paths.blogIndex);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Lighthouse keepers wanted');
    expect(page.body).toContain('The studio');
    const own = await get(paths.readablePost(post));
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Lighthouse keepers wanted');
    // Its way back is the blog: it has no app's blog.
    expect(own.body).toContain(`href="${paths.blogIndex}"`);
  });

  it('is in the site feed, the blog feed and the sitemap', async () => {
    const link = paths.readablePost(post);
    for (const feed of [paths.rss, paths.blogRss]) {
      const res = await get(feed);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(link);
      expect(res.body).not.toContain('Secret studio draft');
    }
    const sitemap = await readSitemap(ctx.app);
    expect(sitemap).toContain(link);
    expect(sitemap).not.toContain(paths.blogPost(draft.id) + '<');
  });

  it('is found by site search', async () => {
    const res = await ok<{ items: SearchResult[] }>(get(api.search({ q: 'lighthouse keepers' })));
    expect(res.items.find((r) => r.type === 'posts' && r.id === post.id)).toBeDefined();
    const none = await ok<{ items: SearchResult[] }>(get(api.search({ q: 'secret studio draft' })));
    expect(none.items.some((r) => r.id === draft.id)).toBe(false);
  });

  it("is never on an app's blog, its feed or its count", async () => {
    const list = await ok<BlogPost[]>(get(api.appBlogs(appId)));
    expect(list.some((p) => p.id === post.id)).toBe(false);
    expect(list.map((p) => p.title)).toContain('Harbour Lights devlog');
    const feed = await get(paths.appRss(appId));
    expect(feed.body).not.toContain('Lighthouse keepers wanted');
    const counts = await ok<Record<string, number>>(get(api.blogCounts));
    expect(Object.keys(counts)).not.toContain('null');
  });

  it('is shown in another language once translated (translation type post)', async () => {
    await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
    const before = await get('/de/blog');
    expect(before.body).not.toContain('Leuchtturmwärter gesucht');
    await ok(
      send('PUT', api.translation('post', post.id, 'de'), {
        fields: postFields('Leuchtturmwärter gesucht'),
        isPublished: true,
      }),
    );
    const index = await get('/de/blog');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('Leuchtturmwärter gesucht');
    expect(index.body).toContain('Das Studio');
    const feed = await get('/de/rss.xml');
    expect(feed.body).toContain('Leuchtturmwärter gesucht');
    const de = await ok<PublicBlogPost[]>(get(`${api.blogs({ pageSize: 50 })}&locale=de`));
    expect(de.find((p) => p.id === post.id)).toMatchObject({ title: 'Leuchtturmwärter gesucht', appId: null });
    await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: [] }, ctx.admin));
  });
});

describe('Send to the newsletter', () => {
  it('drafts a campaign to the studio list from a published studio post, and says where to review it', async () => {
    const post = await studioPost({ title: 'Our autumn news', isPublished: true, excerpt: 'Three games & a party.' });
    const res = await send('POST', api.blogNewsletter(post.id));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as { id: number; editUrl: string };
    expect(made.editUrl).toBe(`/admin-page/campaigns/edit?id=${made.id}`);
    const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, made.id));
    expect(row).toMatchObject({
      list: 'studio',
      origin: 'post',
      subject: 'Our autumn news',
      postId: post.id,
      status: 'draft',
    });
    // The excerpt and a link to the post.
    expect(row!.content).toContain('Three games &amp; a party.');
    expect(row!.content).toContain(`${ctx.config.siteUrl}${paths.readablePost(post)}`);
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'campaign.draft'));
    expect(entries.some((e) => e.targetId === String(made.id))).toBe(true);
  });

  it('uses the whole post when it has no excerpt', async () => {
    const post = await studioPost({ title: 'No excerpt news', isPublished: true });
    const made = await ok<{ id: number }>(send('POST', api.blogNewsletter(post.id)), 201);
    const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, made.id));
    expect(row!.content).toContain('We are a small studio of lighthouse keepers');
  });

  it("refuses a draft, an app's post and a missing post; visitors may not", async () => {
    const draft = await studioPost({ title: 'Unpublished news' });
    const appPost = await ctx.make.makePost(appId, { title: 'App news', isPublished: true });
    for (const id of [draft.id, appPost.id]) {
      const res = await send('POST', api.blogNewsletter(id));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: 'Only a published studio post can be sent to the newsletter' });
    }
    expectError(await send('POST', api.blogNewsletter(2_147_483_000)), 404, 'NOT_FOUND');
    expectError(await send('POST', api.blogNewsletter(draft.id), undefined, null), 401, 'UNAUTHENTICATED');
  });
});

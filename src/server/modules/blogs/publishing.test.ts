// Issue 12's publishing: unpublish (gone from every public page, feed and sitemap), schedules that the
// server publishes on its one clock (and catches up after a restart), publish dates set by staff,
// saves refused over a newer version, and every module stamping its writes with the same clock.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, paths } from '../../../shared/paths';
import {
  FUTURE_PUBLISH_DATE,
  INVALID_PUBLISH_DATE,
  PAST_SCHEDULE,
  type BlogPost,
  type BlogPostInput,
} from '../../../shared/schemas/blog-posts';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { injectFactories, postInput, postSave } from '../../../../tests/factories';
import { fixedClock } from '../../../../tests/setup/clock';
import { login, restartTestApp, useStaffApp } from '../../../../tests/setup/test-app';
import { blogPosts } from '../../db/schema';
import { readSitemap } from '../../../../tests/setup/sitemap';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MISSING_ID = 2_147_483_647;

const ctx = useStaffApp({}, { clock: fixedClock() });
let appId: number;
let otherAppId: number;

beforeAll(async () => {
  // The tests run the scheduler themselves (runDue) after moving the clock: its own timer, which
  // looks every minute, would otherwise publish due posts at moments of its choosing in a slow run.
  await ctx.app.scheduler.stop();
  appId = (await createApp('Alpha Quest')).id;
  otherAppId = (await createApp('Beta Blocks')).id;
});

/** The app's clock, standing still. Tests only move it forward, so schedules made by one never fall due in another. */
const now = () => ctx.clock.now().getTime();
const advance = (ms: number) => ctx.clock.advance(ms);
const iso = (ms: number) => new Date(ms).toISOString();
/** A timestamp the server took from its clock: exactly `expected`. */
const expectAt = (actual: string | null | undefined, expected: number) => expect(actual).toBe(iso(expected));

const { get, send } = ctx;

const createApp = (title: string) => ctx.make.makeApp({ title });

const postBody = (overrides: Partial<BlogPostInput> = {}) => postInput(appId, overrides);
const createPost = (overrides: Record<string, unknown> = {}) =>
  ok<BlogPost>(send('POST', api.adminBlogs, postBody(overrides)), 201);
const updatePost = (post: BlogPost, overrides: Record<string, unknown> = {}) =>
  send('PUT', api.adminBlog(post.id), postSave(post, overrides));
const staffView = (id: number) => ok<BlogPost>(get(api.blog(id), ctx.editor));

/** Where a visitor may meet a post: its page, its app's list, the counts, the feeds, the sitemap, the index. */
async function publicPlaces(post: { id: number; appId: number | null }) {
  // The post's address, with or without its slug, as an element's whole text (so /blogs/1 is not /blogs/12).
  const link = new RegExp(`${paths.blogPost(post.id)}(?:/[a-z0-9-]+)?</`);
  // A studio post (issue 26) has no app: its app's places are looked up as those of an app it is not in.
  const appId = post.appId ?? otherAppId;
  const [own, list, counts, rss, appRss, sitemap, index] = await Promise.all([
    get(api.blog(post.id)),
    get(api.appBlogs(appId)),
    get(api.blogCounts),
    get(paths.rss),
    get(paths.appRss(appId)),
    readSitemap(ctx.app).then((body) => ({ statusCode: 200, body })),
    get(api.blogs({ pageSize: 50 })),
  ]);
  for (const res of [list, counts, rss, appRss, sitemap, index]) expect(res.statusCode, res.body).toBe(200);
  return {
    page: own.statusCode === 200,
    appList: (list.json() as BlogPost[]).some((p) => p.id === post.id),
    counted: Number((counts.json() as Record<string, number>)[String(appId)] ?? 0),
    rss: link.test(rss.body),
    appRss: link.test(appRss.body),
    sitemap: link.test(sitemap.body),
    index: (index.json() as BlogPost[]).some((p) => p.id === post.id),
  };
}
const EVERYWHERE = { page: true, appList: true, rss: true, appRss: true, sitemap: true, index: true };
const NOWHERE = { page: false, appList: false, rss: false, appRss: false, sitemap: false, index: false };
const visibility = async (post: BlogPost) => {
  const { counted: _counted, ...places } = await publicPlaces(post);
  return places;
};

describe('unpublish', () => {
  it('returns a published post to draft: gone from every public page, feed and sitemap, still there for staff', async () => {
    const post = await createPost({ appId: otherAppId, isPublished: true });
    const before = await publicPlaces(post);
    expect({ ...before, counted: undefined }).toEqual({ ...EVERYWHERE, counted: undefined });
    expect(before.counted).toBe(1);

    const draft = await ok<BlogPost>(send('PATCH', api.unpublishBlog(post.id)));
    expect(draft).toMatchObject({ id: post.id, isPublished: false, publishedAt: null, publishAt: null });
    expect(draft.version).toBe(post.version + 1);

    const after = await publicPlaces(post);
    expect({ ...after, counted: undefined }).toEqual({ ...NOWHERE, counted: undefined });
    expect(after.counted).toBe(0);
    expectError(await get(api.blog(post.id)), 404, 'NOT_FOUND');
    // Staff still see it, as a draft.
    expect(await staffView(post.id)).toMatchObject({ isPublished: false, title: post.title });
  });

  it('publishing it again dates it anew, and it is back everywhere', async () => {
    const post = await createPost({ isPublished: true, publishAt: iso(now() - 3 * DAY_MS) });
    await ok(send('PATCH', api.unpublishBlog(post.id)));
    const again = await ok<BlogPost>(send('PATCH', api.publishBlog(post.id)));
    expect(again.isPublished).toBe(true);
    expectAt(again.publishedAt, now());
    expect(await visibility(again)).toEqual(EVERYWHERE);
  });

  it('of a draft changes nothing; of a scheduled post clears its schedule', async () => {
    const draft = await createPost();
    expect(await ok<BlogPost>(send('PATCH', api.unpublishBlog(draft.id)))).toEqual(draft);

    const scheduled = await createPost({ publishAt: iso(now() + DAY_MS) });
    const unscheduled = await ok<BlogPost>(send('PATCH', api.unpublishBlog(scheduled.id)));
    expect(unscheduled).toMatchObject({ isPublished: false, publishAt: null, publishedAt: null });
    advance(2 * DAY_MS);
    await ctx.app.scheduler.runDue();
    expect(await staffView(scheduled.id)).toMatchObject({ isPublished: false, publishAt: null });
  });

  it('answers 404 for a post that does not exist and 401 signed out', async () => {
    expectError(await send('PATCH', api.unpublishBlog(MISSING_ID)), 404, 'NOT_FOUND');
    const post = await createPost({ isPublished: true });
    expectError(await send('PATCH', api.unpublishBlog(post.id), undefined, null), 401, 'UNAUTHENTICATED');
    expect((await staffView(post.id)).isPublished).toBe(true);
  });
});

describe('schedule', () => {
  it('a draft with a future publishAt is scheduled, not public', async () => {
    const at = iso(now() + 2 * HOUR_MS);
    const post = await createPost({ publishAt: at });
    expect(post).toMatchObject({ isPublished: false, publishedAt: null, publishAt: at });
    expect(await visibility(post)).toEqual(NOWHERE);
  });

  it('refuses a schedule in the past, a future publish date and a date that is not one', async () => {
    expectInvalid(
      await send('POST', api.adminBlogs, postBody({ publishAt: iso(now() - HOUR_MS) })),
      'publishAt',
      PAST_SCHEDULE,
    );
    expectInvalid(
      await send('POST', api.adminBlogs, postBody({ isPublished: true, publishAt: iso(now() + DAY_MS) })),
      'publishAt',
      FUTURE_PUBLISH_DATE,
    );
    expectInvalid(
      await send('POST', api.adminBlogs, postBody({ publishAt: 'next tuesday' })),
      'publishAt',
      INVALID_PUBLISH_DATE,
    );
    const post = await createPost();
    expectInvalid(await updatePost(post, { publishAt: iso(now() - HOUR_MS) }), 'publishAt', PAST_SCHEDULE);
    expectInvalid(
      await updatePost(post, { isPublished: true, publishAt: iso(now() + DAY_MS) }),
      'publishAt',
      FUTURE_PUBLISH_DATE,
    );
    expect(await staffView(post.id)).toEqual(post);
  });

  it('staff set the publish date of a post they publish (in the past)', async () => {
    const date = iso(now() - 30 * DAY_MS);
    const created = await createPost({ isPublished: true, publishAt: date });
    expect(created).toMatchObject({ isPublished: true, publishedAt: date, publishAt: null });

    const draft = await createPost();
    const published = await ok<BlogPost>(updatePost(draft, { isPublished: true, publishAt: date }));
    expect(published.publishedAt).toBe(date);
    // A published post's date can be changed later; leaving publishAt out keeps it.
    const redated = await ok<BlogPost>(updatePost(published, { publishAt: iso(now() - 5 * DAY_MS) }));
    expectAt(redated.publishedAt, now() - 5 * DAY_MS);
    const kept = await ok<BlogPost>(updatePost(redated, { title: 'Renamed' }));
    expect(kept.publishedAt).toBe(redated.publishedAt);
    // Not published without asking: a post published by isPublished only is dated now.
    const plain = await createPost({ isPublished: true });
    expectAt(plain.publishedAt, now());
  });

  it('a save can move, keep or clear a schedule', async () => {
    const post = await createPost({ publishAt: iso(now() + DAY_MS) });
    const moved = await ok<BlogPost>(updatePost(post, { publishAt: iso(now() + 2 * DAY_MS) }));
    expect(new Date(moved.publishAt!).getTime()).toBeGreaterThan(new Date(post.publishAt!).getTime());
    const kept = await ok<BlogPost>(updatePost(moved, { title: 'Still scheduled' }));
    expect(kept.publishAt).toBe(moved.publishAt);
    const cleared = await ok<BlogPost>(updatePost(kept, { publishAt: null }));
    expect(cleared).toMatchObject({ isPublished: false, publishAt: null, publishedAt: null });
  });

  it('the server publishes a scheduled post at its time, dated then, and it shows in the feeds', async () => {
    const at = now() + 3 * HOUR_MS;
    const post = await createPost({ publishAt: iso(at) });
    await ctx.app.scheduler.runDue();
    expect((await staffView(post.id)).isPublished).toBe(false);

    advance(3 * HOUR_MS + 60_000);
    await ctx.app.scheduler.runDue();
    const published = await staffView(post.id);
    expect(published).toMatchObject({ isPublished: true, publishAt: null, publishedAt: iso(at) });
    expect(published.version).toBe(post.version + 1);
    expect(await visibility(published)).toEqual(EVERYWHERE);
    // Its feed entry carries the scheduled time.
    const rss = (await get(paths.rss)).body;
    expect(rss).toContain(`<pubDate>${new Date(at).toUTCString()}</pubDate>`);
    // A second run publishes nothing again.
    expect((await ctx.app.scheduler.runDue()).map((p) => p.id)).not.toContain(post.id);
  });

  it('a save that leaves a passed schedule unchanged does not refuse it; the server still publishes it', async () => {
    const at = now() + HOUR_MS;
    const post = await createPost({ publishAt: iso(at) });
    advance(HOUR_MS + 60_000);
    // The editor was open while the time passed: saving it as it was is no error.
    const saved = await ok<BlogPost>(updatePost(post, { publishAt: post.publishAt, title: 'Edited late' }));
    expect(saved.publishAt).toBe(post.publishAt);
    await ctx.app.scheduler.runDue();
    expect(await staffView(post.id)).toMatchObject({ isPublished: true, publishedAt: iso(at), title: 'Edited late' });
  });

  it('publishing a scheduled post now clears its schedule (PATCH publish, or a save with isPublished)', async () => {
    const viaPatch = await createPost({ publishAt: iso(now() + DAY_MS) });
    const patched = await ok<BlogPost>(send('PATCH', api.publishBlog(viaPatch.id)));
    expect(patched).toMatchObject({ isPublished: true, publishAt: null });
    expectAt(patched.publishedAt, now());

    // The form still carries the schedule when staff choose "publish now": the post goes live now.
    const viaSave = await createPost({ publishAt: iso(now() + DAY_MS) });
    const saved = await ok<BlogPost>(updatePost(viaSave, { isPublished: true, publishAt: viaSave.publishAt }));
    expect(saved).toMatchObject({ isPublished: true, publishAt: null });
    expectAt(saved.publishedAt, now());

    advance(2 * DAY_MS);
    await ctx.app.scheduler.runDue();
    expect((await staffView(viaPatch.id)).publishedAt).toBe(patched.publishedAt);
    expect((await staffView(viaSave.id)).publishedAt).toBe(saved.publishedAt);
  });

  it('a published post stays published when a save says isPublished false', async () => {
    const post = await createPost({ isPublished: true });
    const saved = await ok<BlogPost>(updatePost(post, { isPublished: false }));
    expect(saved).toMatchObject({ isPublished: true, publishedAt: post.publishedAt });
  });
});

describe('saves over a newer version', () => {
  it('a save from an older version is refused with the post as it is now; without a version it saves', async () => {
    const post = await createPost();
    const first = await ok<BlogPost>(updatePost(post, { title: 'Mine', version: post.version }));
    expect(first.version).toBe(post.version + 1);

    const stale = expectError(await updatePost(post, { title: 'Theirs', version: post.version }), 409, 'CONFLICT');
    expect(stale.current).toEqual(first);
    expect((await staffView(post.id)).title).toBe('Mine');

    // A version newer than the post's is no better.
    expectError(await updatePost(post, { version: first.version + 5 }), 409, 'CONFLICT');
    // Clients of the spec send no version: their saves keep working.
    const spec = await ok<BlogPost>(updatePost(post, { title: 'Spec client' }));
    expect(spec).toMatchObject({ title: 'Spec client', version: first.version + 1 });
  });

  it('every change raises the version: publish, unpublish and the scheduler', async () => {
    const post = await createPost({ publishAt: iso(now() + HOUR_MS) });
    advance(HOUR_MS + 1_000);
    await ctx.app.scheduler.runDue();
    const published = await staffView(post.id);
    expect(published.version).toBe(post.version + 1);
    expectError(await updatePost(post, { version: post.version }), 409, 'CONFLICT');
    const draft = await ok<BlogPost>(send('PATCH', api.unpublishBlog(post.id)));
    expect(draft.version).toBe(published.version + 1);
    const again = await ok<BlogPost>(send('PATCH', api.publishBlog(post.id)));
    expect(again.version).toBe(draft.version + 1);
  });
});

describe('catching up after a restart', () => {
  it('posts whose time passed while the server was down are published when it starts, dated then', async () => {
    const at = now() + 2 * HOUR_MS;
    const post = await createPost({ publishAt: iso(at) });
    const missed = await createPost({ publishAt: iso(at + HOUR_MS) });
    const future = await createPost({ publishAt: iso(at + 10 * DAY_MS) });

    // Down for a day: the new process starts after both times.
    Object.assign(ctx, await restartTestApp(ctx, ctx.clock.offsetMs + DAY_MS));
    await ctx.app.scheduler.idle();
    const read = async (id: number) => {
      const [row] = await ctx.database.db.select().from(blogPosts).where(eq(blogPosts.id, id));
      return row!;
    };
    expect(await read(post.id)).toMatchObject({ isPublished: true, publishAt: null, publishedAt: new Date(at) });
    expect(await read(missed.id)).toMatchObject({ isPublished: true, publishedAt: new Date(at + HOUR_MS) });
    expect(await read(future.id)).toMatchObject({ isPublished: false, publishAt: new Date(at + 10 * DAY_MS) });
    // And visitors see them on the new instance.
    expect((await get(api.blog(post.id))).statusCode).toBe(200);
    expect((await get(paths.rss)).body).toMatch(new RegExp(`${paths.blogPost(missed.id)}(?:/[a-z0-9-]+)?</`));
  });
});

describe('the one clock', () => {
  // Every write stamps its time from the app's clock, so moving it shows in what each module saves.
  it('stamps the updates of apps, posts, pages, social links, site settings and messages', async () => {
    advance(40 * DAY_MS);
    // Sessions expire by the same clock: sign in again, 40 days later.
    ctx.editor = await login(ctx.app, 'editor', 'editor-pass');
    const expected = now();
    const app = await ok<{ updatedAt: string }>(
      send('PUT', api.app(appId), {
        title: 'Alpha Quest',
        description: 'An app, updated.',
        icon: 'https://example.com/icon.png',
        screenshots: ['https://example.com/shot.png'],
      }),
    );
    expectAt(app.updatedAt, expected);

    // As the User signed in again (the administrator's session of 40 days ago has expired).
    const created = await injectFactories(ctx.app, ctx.editor).makeApp({ title: 'Gamma Grove' });
    expectAt(created.updatedAt, expected);

    const post = await createPost();
    expectAt(post.createdAt, expected);
    expectAt(post.updatedAt, expected);

    const link = await ok<{ id: number; createdAt: string; updatedAt: string }>(
      send('POST', api.socialMedia, { name: 'GitHub', url: 'https://github.com/studio', icon: 'FaGithub' }),
      201,
    );
    expectAt(link.createdAt, expected);
    const linkUpdate = await ok<{ updatedAt: string }>(
      send('PUT', api.socialLink(link.id), { name: 'GitHub', url: 'https://github.com/studio2', icon: 'FaGithub' }),
    );
    expectAt(linkUpdate.updatedAt, expected);

    const settings = await ok<{ updatedAt: string }>(send('PUT', api.siteSettings, { name: 'Clockwork Studio' }));
    expectAt(settings.updatedAt, expected);

    const about = await ok<{ updatedAt: string; lastUpdated: string }>(
      send('PUT', api.aboutUs, { title: 'About us', content: '<p>Two people who make small games.</p>' }),
    );
    expectAt(about.updatedAt, expected);
    expectAt(about.lastUpdated, expected);

    const contact = await ok<{ updatedAt: string }>(send('PUT', api.contact, { email: 'studio@example.com' }));
    expectAt(contact.updatedAt, expected);

    await ok(
      send(
        'POST',
        api.messages,
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          subject: 'Hi',
          message: 'Hello, dear studio!',
        },
        null,
      ),
      201,
    );
    const [message] = await ok<{ createdAt: string }[]>(get(api.messages, ctx.editor));
    expectAt(message!.createdAt, expected);
  });
});

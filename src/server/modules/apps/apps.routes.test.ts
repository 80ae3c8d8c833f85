import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appInput } from '../../../../tests/factories';
import { APP_LINK_FIELDS } from '../../../shared/schemas/apps';
import {
  BAD_IDS,
  expectInvalidId,
  expectIsoTimestamp,
  expectSingleIssue,
  expectUnauthenticated,
} from '../../../../tests/setup/api';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { apps, blogPosts } from '../../db/schema';
import { readSitemap } from '../../../../tests/setup/sitemap';

const validApp = appInput({
  title: 'Lantern Drift',
  screenshots: ['https://example.com/1.png', '/media/demo/shot-1.svg'],
  status: 'Live',
  googlePlayLink: 'https://play.google.com/store/apps/details?id=x',
  appStoreLink: '',
});

// In alphabetical order, as the reply's keys are compared sorted.
const APP_KEYS = [
  'accessibilityNote',
  'accessibilityTags',
  'ageRating',
  'androidFingerprints',
  'appLinkPaths',
  'appStoreLink',
  'appleAppId',
  'appleBundleId',
  'appleTeamId',
  'category',
  'comingSoon',
  'createdAt',
  'description',
  'facebookLink',
  'githubRepoLink',
  'goesLiveAt',
  'googlePlayLink',
  'googlePlayPackage',
  'icon',
  'id',
  'instagramLink',
  'isFeatured',
  'isHidden',
  'kind',
  'longDescription',
  'platforms',
  'position',
  'preOrderLink',
  'preRegisterLink',
  'priceAmount',
  'priceCurrency',
  'ratings',
  'releaseDate',
  'screenshots',
  'shareImage',
  'slug',
  'status',
  'tagline',
  'title',
  'trailerId',
  'trailerProvider',
  'twitterLink',
  'updatedAt',
  // what an edit is based on (apps.versions.test.ts)
  'version',
  'webAppLink',
  'wishlistLink',
];

const LINK_FIELDS = APP_LINK_FIELDS;

const ctx = useStaffApp();

type Payload = Record<string, unknown>;

function post(payload: Payload, cookie: string | null = ctx.editor) {
  return ctx.app.inject({ method: 'POST', url: '/api/apps', headers: cookie ? { cookie } : {}, payload });
}

function put(id: number | string, payload: Payload, cookie: string | null = ctx.editor) {
  return ctx.app.inject({ method: 'PUT', url: `/api/apps/${id}`, headers: cookie ? { cookie } : {}, payload });
}

function del(id: number | string, cookie: string | null = ctx.editor) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/apps/${id}`, headers: cookie ? { cookie } : {} });
}

function getOne(id: number | string) {
  return ctx.app.inject({ method: 'GET', url: `/api/apps/${id}` });
}

async function createApp(overrides: Payload = {}): Promise<{ id: number; title: string }> {
  const res = await post({ ...validApp, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const createPost = (appId: number, isPublished: boolean, title = 'Post') =>
  ctx.make.makePost(appId, { title, isPublished });

async function appCount(): Promise<number> {
  return (await ctx.database.db.select({ id: apps.id }).from(apps)).length;
}

describe('apps', () => {
  it('creates, reads, updates and deletes an app', async () => {
    const created = await post(validApp);
    expect(created.statusCode, created.body).toBe(201);
    const app = created.json();
    expect(app).toMatchObject({ title: 'Lantern Drift', status: 'Live', appStoreLink: null, facebookLink: null });
    expect(app.id).toBeGreaterThan(0);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/apps' });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { id: number }) => a.id)).toContain(app.id);

    const one = await ctx.app.inject({ method: 'GET', url: `/api/apps/${app.id}` });
    expect(one.json().screenshots).toEqual(validApp.screenshots);

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/apps/${app.id}`,
      headers: { cookie: ctx.admin },
      payload: { ...validApp, title: 'Lantern Drift 2', status: 'Testing' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Lantern Drift 2', status: 'Testing' });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/apps/${app.id}`,
      headers: { cookie: ctx.admin },
    });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/apps/${app.id}` })).statusCode).toBe(404);
  });
});

describe('GET /api/apps', () => {
  it('lists every app with the full reply shape, in creation order', async () => {
    const first = await createApp({ title: 'List One' });
    const second = await createApp({ title: 'List Two' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/apps' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(Array.isArray(list)).toBe(true);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(APP_KEYS);
    const ids = list.map((a) => a.id);
    expect(ids).toContain(first.id);
    expect(ids).toContain(second.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(list.find((a) => a.id === second.id)).toMatchObject({ title: 'List Two' });
  });

  it('is public (no session needed)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/apps' });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/apps/:id', () => {
  it('returns one app with exactly the documented fields', async () => {
    const created = await createApp({ twitterLink: 'https://twitter.com/studio' });
    const res = await getOne(created.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(APP_KEYS);
    expect(body).toMatchObject({
      id: created.id,
      title: validApp.title,
      description: validApp.description,
      icon: validApp.icon,
      screenshots: validApp.screenshots,
      status: 'Live',
      googlePlayLink: validApp.googlePlayLink,
      appStoreLink: null,
      webAppLink: null,
      githubRepoLink: null,
      twitterLink: 'https://twitter.com/studio',
      instagramLink: null,
      facebookLink: null,
    });
    expectIsoTimestamp(body.createdAt);
    expectIsoTimestamp(body.updatedAt);
  });

  it('is 404 NOT_FOUND for an id that does not exist', async () => {
    for (const id of ['999999', '2147483647']) {
      const res = await getOne(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'App not found', code: 'NOT_FOUND' });
    }
  });

  it.each(BAD_IDS)('is 400 BAD_REQUEST (never 500) for the id %s', async (id) => {
    const res = await getOne(id);
    expectInvalidId(res);
  });
});

describe('GET /api/apps/by-slug/:slug', () => {
  it('returns the app with that slug, exactly as GET /api/apps/:id does', async () => {
    const app = await createApp({ title: 'Slug Seeker', slug: 'slug-seeker' });
    const res = await ctx.app.inject({ url: '/api/apps/by-slug/slug-seeker' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual((await getOne(app.id)).json());
  });

  it('is 404 NOT_FOUND for a slug no app has, however it is spelled', async () => {
    for (const slug of ['no-such-app', 'Slug-Seeker', '123', 'x'.repeat(90), '%20']) {
      const res = await ctx.app.inject({ url: `/api/apps/by-slug/${slug}` });
      expect(res.statusCode, slug).toBe(404);
      expect(res.json(), slug).toEqual({ message: 'App not found', code: 'NOT_FOUND' });
    }
  });

  it('hides a hidden app from visitors and shows it to staff', async () => {
    const hidden = await createApp({ title: 'Hidden Seeker', slug: 'hidden-seeker', isHidden: true });
    const url = '/api/apps/by-slug/hidden-seeker';
    expect((await ctx.app.inject({ url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url, headers: { cookie: ctx.editor } })).json()).toMatchObject({
      slug: 'hidden-seeker',
      isHidden: true,
    });
    // Later tests list the apps as visitors do: a hidden one would be missing from their order.
    expect((await del(hidden.id)).statusCode).toBe(200);
  });
});

describe('POST /api/apps', () => {
  it.each(['editor', 'admin'] as const)('lets a signed-in %s create an app (201, full shape)', async (role) => {
    const res = await post({ ...validApp, title: `Made by ${role}` }, ctx.session(role));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(APP_KEYS);
    expect(body).toMatchObject({ title: `Made by ${role}`, status: 'Live', screenshots: validApp.screenshots });
    expect(Number.isInteger(body.id)).toBe(true);
    expectIsoTimestamp(body.createdAt);
    expectIsoTimestamp(body.updatedAt);
    // It is really stored.
    expect((await getOne(body.id)).json()).toEqual(body);
  });

  it("defaults status to 'In Development' and missing, empty or null links to null", async () => {
    const res = await post({
      title: 'Defaults',
      description: 'Only the required fields.',
      icon: '/media/demo/icon.png',
      screenshots: ['https://example.com/s.png'],
      webAppLink: null,
      githubRepoLink: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.status).toBe('In Development');
    for (const field of LINK_FIELDS) expect(body[field], field).toBeNull();
    expect(body.icon).toBe('/media/demo/icon.png');
  });

  it('accepts each of the five statuses', async () => {
    for (const status of ['Live', 'Testing', 'In Development', 'In Design', 'Coming Soon']) {
      const res = await post({ ...validApp, status });
      expect(res.statusCode, status).toBe(201);
      expect(res.json().status).toBe(status);
    }
  });

  it('stores every link field when given an http(s) URL', async () => {
    const links = Object.fromEntries(LINK_FIELDS.map((f, i) => [f, `${i % 2 ? 'http' : 'https'}://example.com/${f}`]));
    const res = await post({ ...validApp, ...links });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject(links);
  });

  it('trims the title and description', async () => {
    const res = await post({ ...validApp, title: '  Spaced  ', description: '  Desc  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Spaced', description: 'Desc' });
  });

  it('accepts http(s) and /media/ screenshots', async () => {
    const screenshots = ['http://example.com/a.png', 'https://example.com/b.png', '/media/uploads/c-1.png'];
    const res = await post({ ...validApp, screenshots });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().screenshots).toEqual(screenshots);
  });

  describe('validation (422 VALIDATION_FAILED)', () => {
    it.each([
      ['title', '', 'Title is required'],
      ['title', '   ', 'Title is required'],
      ['title', 'x'.repeat(201), 'Title must be at most 200 characters'],
      ['description', '', 'Description is required'],
      ['description', 'x'.repeat(2001), 'Description must be at most 2000 characters'],
      ['icon', '', 'Icon URL is required'],
      ['icon', 'javascript:alert(1)', 'Please enter a valid URL'],
      ['icon', 'data:image/png;base64,AAAA', 'Please enter a valid URL'],
      ['icon', 'ftp://example.com/icon.png', 'Please enter a valid URL'],
      ['icon', 'icon.png', 'Please enter a valid URL'],
      ['screenshots', [], 'At least one screenshot is required'],
      ['status', 'Done', 'Status must be one of: Live, Testing, In Development, In Design, Coming Soon'],
    ])('%s = %j is rejected with its message', async (field, value, message) => {
      const before = await appCount();
      const res = await post({ ...validApp, [field]: value });
      expectSingleIssue(res, field, message);
      expect(await appCount()).toBe(before);
    });

    it('accepts a title of exactly 200 characters', async () => {
      const res = await post({ ...validApp, title: 'x'.repeat(200) });
      expect(res.statusCode).toBe(201);
    });

    it.each([
      ['javascript:alert(1)'],
      ['data:image/png;base64,AAAA'],
      ['ftp://example.com/shot.png'],
      ['/media/../secret.png'],
      ['/uploads/shot.png'],
      ['not a url'],
    ])('a screenshot %s is rejected with its index in the path', async (bad) => {
      const res = await post({ ...validApp, screenshots: ['https://example.com/ok.png', bad] });
      expectSingleIssue(res, 'screenshots.1', 'Each screenshot must be a valid URL');
    });

    it('rejects more than 50 screenshots', async () => {
      const screenshots = Array.from({ length: 51 }, (_, i) => `https://example.com/${i}.png`);
      expectSingleIssue(await post({ ...validApp, screenshots }), 'screenshots', 'At most 50 screenshots');
      expect((await post({ ...validApp, screenshots: screenshots.slice(0, 50) })).statusCode).toBe(201);
    });

    it.each(LINK_FIELDS)('%s accepts only http(s) links', async (field) => {
      for (const bad of [
        'javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'ftp://example.com/app',
        'example.com',
      ]) {
        expectSingleIssue(await post({ ...validApp, [field]: bad }), field, 'Please enter a valid URL');
      }
    });

    it.each([
      ['title', 'Title is required'],
      ['description', 'Description is required'],
      ['icon', 'Icon URL is required'],
      ['screenshots', 'At least one screenshot is required'],
    ] as const)('a missing %s gives its product message and stores nothing', async (field, message) => {
      const before = await appCount();
      const payload: Payload = { ...validApp };
      delete payload[field];
      expectSingleIssue(await post(payload), field, message);
      expect(await appCount()).toBe(before);
    });

    it.each([
      ['title', 'Title is required'],
      ['description', 'Description is required'],
      ['icon', 'Icon URL is required'],
      ['screenshots', 'At least one screenshot is required'],
    ] as const)('a null %s gives its product message', async (field, message) => {
      expectSingleIssue(await post({ ...validApp, [field]: null }), field, message);
    });

    it('reports every missing required field', async () => {
      const res = await post({});
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
        'description',
        'icon',
        'screenshots',
        'title',
      ]);
      expect(body.issues).toEqual(
        expect.arrayContaining([
          { path: 'title', message: 'Title is required' },
          { path: 'description', message: 'Description is required' },
          { path: 'icon', message: 'Icon URL is required' },
          { path: 'screenshots', message: 'At least one screenshot is required' },
        ]),
      );
    });
  });

  it('is 401 UNAUTHENTICATED for an anonymous visitor and stores nothing', async () => {
    const before = await appCount();
    for (const cookie of [null, 'sid=not-a-real-session']) {
      const res = await post(validApp, cookie);
      expectUnauthenticated(res);
    }
    expect(await appCount()).toBe(before);
  });
});

describe('PUT /api/apps/:id', () => {
  it.each(['editor', 'admin'] as const)('lets a signed-in %s replace an app', async (role) => {
    const created = await createApp({ twitterLink: 'https://twitter.com/old' });
    const res = await put(
      created.id,
      {
        ...validApp,
        title: 'Renamed',
        status: 'In Design',
        screenshots: ['/media/demo/new.png'],
        facebookLink: 'https://facebook.com/x',
      },
      ctx.session(role),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(APP_KEYS);
    expect(body).toMatchObject({
      id: created.id,
      title: 'Renamed',
      status: 'In Design',
      screenshots: ['/media/demo/new.png'],
      facebookLink: 'https://facebook.com/x',
      // A link left out of the full replacement is cleared.
      twitterLink: null,
    });
    expect((await getOne(created.id)).json()).toEqual(body);
  });

  it('validates the body with the same rules and leaves the app unchanged', async () => {
    const created = await createApp({ title: 'Before PUT' });
    expectSingleIssue(await put(created.id, { ...validApp, title: '' }), 'title', 'Title is required');
    expectSingleIssue(
      await put(created.id, { ...validApp, screenshots: ['javascript:alert(1)'] }),
      'screenshots.0',
      'Each screenshot must be a valid URL',
    );
    expectSingleIssue(
      await put(created.id, { ...validApp, webAppLink: 'javascript:alert(1)' }),
      'webAppLink',
      'Please enter a valid URL',
    );
    expect((await getOne(created.id)).json().title).toBe('Before PUT');
  });

  it.each([
    ['title', 'Title is required'],
    ['description', 'Description is required'],
    ['icon', 'Icon URL is required'],
    ['screenshots', 'At least one screenshot is required'],
  ] as const)('a missing %s gives its product message and leaves the app unchanged', async (field, message) => {
    const created = await createApp({ title: 'Kept on PUT' });
    const before = (await getOne(created.id)).json();
    const payload: Payload = { ...validApp, title: 'Changed' };
    delete payload[field];
    expectSingleIssue(await put(created.id, payload), field, message);
    expect((await getOne(created.id)).json()).toEqual(before);
  });

  it('is 404 for a missing app', async () => {
    const res = await put(999999, validApp);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'App not found', code: 'NOT_FOUND' });
  });

  it.each(BAD_IDS)('is 400 (never 500) for the id %s', async (id) => {
    const res = await put(id, validApp);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'id', message: 'Invalid id' }] });
  });

  it('is 401 for an anonymous visitor and changes nothing', async () => {
    const created = await createApp({ title: 'Untouched' });
    const res = await put(created.id, { ...validApp, title: 'Hijacked' }, null);
    expectUnauthenticated(res);
    expect((await getOne(created.id)).json().title).toBe('Untouched');
  });
});

describe('DELETE /api/apps/:id', () => {
  it.each(['editor', 'admin'] as const)('lets a signed-in %s delete an app', async (role) => {
    const created = await createApp();
    const res = await del(created.id, ctx.session(role));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await getOne(created.id)).statusCode).toBe(404);
    // A second delete finds nothing.
    const again = await del(created.id, ctx.session(role));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'App not found', code: 'NOT_FOUND' });
  });

  it('deletes the posts of the app with it (cascade)', async () => {
    const doomed = await createApp({ title: 'Doomed' });
    const kept = await createApp({ title: 'Kept' });
    const published = await createPost(doomed.id, true);
    const draft = await createPost(doomed.id, false);
    const other = await createPost(kept.id, true);

    const res = await del(doomed.id);
    expect(res.statusCode).toBe(200);

    const remaining = await ctx.database.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.appId, doomed.id));
    expect(remaining).toEqual([]);
    for (const id of [published.id, draft.id]) {
      const one = await ctx.app.inject({ method: 'GET', url: `/api/blogs/${id}`, headers: { cookie: ctx.admin } });
      expect(one.statusCode, `post ${id}`).toBe(404);
    }
    const adminList = await ctx.app.inject({ method: 'GET', url: '/api/admin/blogs', headers: { cookie: ctx.admin } });
    const adminIds = adminList.json().map((p: { id: number }) => p.id);
    expect(adminIds).not.toContain(published.id);
    expect(adminIds).not.toContain(draft.id);
    expect(adminIds).toContain(other.id);

    const counts = (await ctx.app.inject({ method: 'GET', url: '/api/blog-counts' })).json();
    expect(counts).not.toHaveProperty(String(doomed.id));
    expect(counts[String(kept.id)]).toBe(1);
  });

  it('is 404 for a missing app', async () => {
    const res = await del(999999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'App not found', code: 'NOT_FOUND' });
  });

  it.each(BAD_IDS)('is 400 (never 500) for the id %s', async (id) => {
    const res = await del(id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'id', message: 'Invalid id' }] });
  });

  it('is 401 for an anonymous visitor and keeps the app', async () => {
    const created = await createApp();
    const res = await del(created.id, null);
    expectUnauthenticated(res);
    expect((await getOne(created.id)).statusCode).toBe(200);
  });
});

describe('GET /api/blog-counts', () => {
  it('maps each app id to its number of published posts only', async () => {
    const busy = await createApp({ title: 'Busy' });
    const quiet = await createApp({ title: 'Quiet' });
    const draftsOnly = await createApp({ title: 'Drafts only' });
    await createPost(busy.id, true, 'one');
    await createPost(busy.id, true, 'two');
    await createPost(busy.id, false, 'draft');
    await createPost(quiet.id, true, 'only');
    await createPost(draftsOnly.id, false, 'draft');

    const res = await ctx.app.inject({ method: 'GET', url: '/api/blog-counts' });
    expect(res.statusCode).toBe(200);
    const counts = res.json();
    expect(counts[String(busy.id)]).toBe(2);
    expect(counts[String(quiet.id)]).toBe(1);
    expect(counts[String(draftsOnly.id)] ?? 0).toBe(0);
    for (const [key, value] of Object.entries(counts)) {
      expect(key).toMatch(/^[1-9]\d*$/);
      expect(typeof value).toBe('number');
    }
  });

  it('counts a draft once it is published', async () => {
    const target = await createApp({ title: 'Publishing' });
    const draft = await createPost(target.id, false);
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/blog-counts' })).json();
    expect(before[String(target.id)] ?? 0).toBe(0);
    const published = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/blogs/${draft.id}/publish`,
      headers: { cookie: ctx.editor },
    });
    expect(published.statusCode).toBe(200);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/blog-counts' })).json();
    expect(after[String(target.id)]).toBe(1);
  });

  it('is public', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/blog-counts' });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json()).toBe('object');
  });
});

describe('app order (PUT /api/apps/order)', () => {
  const order = (ids: unknown, cookie: string | null = ctx.editor) =>
    ctx.app.inject({ method: 'PUT', url: '/api/apps/order', headers: cookie ? { cookie } : {}, payload: { ids } });
  const listIds = async (cookie?: string) =>
    (await ctx.app.inject({ url: '/api/apps', headers: cookie ? { cookie } : {} }))
      .json<{ id: number }[]>()
      .map((a) => a.id);

  it('puts new apps last and lists apps in their order', async () => {
    const before = await listIds();
    const a = await createApp({ title: 'Order A' });
    const b = await createApp({ title: 'Order B' });
    expect(await listIds()).toEqual([...before, a.id, b.id]);

    const reversed = [...before, a.id, b.id].reverse();
    const res = await order(reversed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((x: { id: number }) => x.id)).toEqual(reversed);
    expect(await listIds()).toEqual(reversed);
    // A new app still lands last after a reorder.
    const c = await createApp({ title: 'Order C' });
    expect((await listIds()).at(-1)).toBe(c.id);
  });

  it('refuses a list that is not exactly every app, and changes nothing', async () => {
    const ids = await listIds(ctx.editor);
    for (const bad of [
      ids.slice(1),
      [...ids, ids[0]],
      [...ids.slice(1), 2_000_000],
      [],
      [...ids, ids.length ? ids[0]! : 1],
    ]) {
      const res = await order(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().issues[0].path).toBe('ids');
    }
    for (const bad of ['1,2', [1.5], ['a'], null]) expect((await order(bad)).statusCode).toBe(422);
    expect(await listIds(ctx.editor)).toEqual(ids);
  });

  it('is for staff only', async () => {
    const ids = await listIds(ctx.editor);
    expect((await order(ids, null)).statusCode).toBe(401);
    expect((await order([...ids].reverse(), ctx.admin)).statusCode).toBe(200);
  });

  it('gives concurrent creates a well-defined order (ties by id), all after the existing apps', async () => {
    const before = await listIds(ctx.editor);
    const made = await Promise.all([1, 2, 3, 4].map((n) => createApp({ title: `Burst ${n}` })));
    const after = await listIds(ctx.editor);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).sort()).toEqual(made.map((m) => m.id).sort());
  });
});

describe('featured and hidden apps', () => {
  it('stores the flags, and keeps them when a payload leaves them out', async () => {
    const app = await createApp({ title: 'Flags', isFeatured: true });
    expect((await getOne(app.id)).json()).toMatchObject({ isFeatured: true, isHidden: false });
    expect((await put(app.id, { ...validApp, title: 'Flags 2' })).json()).toMatchObject({ isFeatured: true });
    expect((await put(app.id, { ...validApp, isFeatured: false })).json()).toMatchObject({ isFeatured: false });
    expect((await post({ ...validApp, isHidden: 'yes' })).statusCode).toBe(422);
  });

  it('hides a hidden app and its posts from visitors, and shows them to staff', async () => {
    const app = await createApp({ title: 'Secret Game', isHidden: true });
    const published = await createPost(app.id, true, 'Secret news');
    const visitor = (url: string) => ctx.app.inject({ url });
    const staff = (url: string) => ctx.app.inject({ url, headers: { cookie: ctx.editor } });

    expect((await visitor('/api/apps')).json().map((a: { id: number }) => a.id)).not.toContain(app.id);
    expect((await visitor(`/api/apps/${app.id}`)).statusCode).toBe(404);
    expect((await visitor(`/api/apps/${app.id}/blogs`)).statusCode).toBe(404);
    expect((await visitor(`/api/blogs/${published.id}`)).statusCode).toBe(404);
    expect((await visitor('/api/blog-counts')).json()).not.toHaveProperty(String(app.id));
    const sitemap = await readSitemap(ctx.app);
    expect(sitemap).not.toContain(`/apps/${app.id}/blogs`);
    expect(sitemap).not.toContain(`/blogs/${published.id}<`);
    expect(sitemap).not.toContain(`/blogs/${published.id}/secret-news<`);
    expect((await visitor('/blog/rss.xml')).body).not.toContain('Secret news');
    expect((await visitor('/rss.xml')).body).not.toContain('Secret news');
    expect((await visitor(`/apps/${app.id}/rss.xml`)).statusCode).toBe(404);

    expect((await staff('/api/apps')).json().map((a: { id: number }) => a.id)).toContain(app.id);
    expect((await staff(`/api/apps/${app.id}`)).statusCode).toBe(200);
    expect((await staff(`/api/apps/${app.id}/blogs`)).statusCode).toBe(200);
    expect((await staff(`/api/blogs/${published.id}`)).statusCode).toBe(200);
    expect((await staff('/api/blog-counts')).json()).toHaveProperty(String(app.id), 1);

    // Shown again: visitors see it (the read cache dropped the old replies).
    expect((await put(app.id, { ...validApp, title: 'Secret Game', isHidden: false })).statusCode).toBe(200);
    expect((await visitor(`/api/apps/${app.id}`)).statusCode).toBe(200);
    expect((await visitor(`/api/blogs/${published.id}`)).statusCode).toBe(200);
    expect((await visitor('/rss.xml')).body).toContain('Secret news');
    expect(await readSitemap(ctx.app)).toContain(`/blogs/${published.id}/secret-news<`);
  });
});

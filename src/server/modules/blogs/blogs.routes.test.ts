import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectFactories, unique, type Factories } from '../../../../tests/factories';
import { fixedClock } from '../../../../tests/setup/clock';
import {
  expectInvalidId,
  expectIsoTimestamp,
  expectSingleIssue,
  expectUnauthenticated,
} from '../../../../tests/setup/api';
import { expectSanitised, XSS_CONTENT } from '../../../../tests/setup/xss';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import { blogPosts } from '../../db/schema';

// In alphabetical order, as the reply's keys are compared sorted.
const POST_KEYS = [
  'appId',
  'content',
  'createdAt',
  'excerpt',
  'id',
  'images',
  'isPublished',
  'publishAt',
  'publishedAt',
  'scope',
  'seoDescription',
  'seoTitle',
  'shareImage',
  'slug',
  'title',
  'updatedAt',
  'version',
];
const ADMIN_POST_KEYS = [...POST_KEYS, 'appTitle'].sort();
const BAD_IDS = ['abc', '0', '-1', '1.5', '99999999999'];
const MISSING_ID = 999999;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rich text that sanitises to nothing. */
const EMPTY_AFTER_SANITISE = '<script>alert(1)</script>';
const IMAGE_ONLY_CONTENT = '<p><img src="https://example.com/a.png"></p>';

let ctx: TestContext;
let make: Factories;
let admin: string;
let editor: string;
let appA: { id: number; title: string };
let appB: { id: number; title: string };
const session = (role: 'admin' | 'editor') => (role === 'admin' ? admin : editor);

type Payload = Record<string, unknown>;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock: fixedClock() });
  ({ admin, editor } = await staffSessions(ctx));
  make = injectFactories(ctx.app, admin);
  appA = await createApp('Alpha Quest');
  appB = await createApp('Beta Blocks');
});

const createApp = (title: string) => make.makeApp({ title });

const validPost = (overrides: Payload = {}): Payload => ({
  appId: appA.id,
  title: 'Patch notes',
  content: '<p>What changed this week.</p>',
  images: [],
  isPublished: false,
  ...overrides,
});

const headers = (cookie: string | null) => (cookie ? { cookie } : {});

function create(payload: Payload, cookie: string | null = editor) {
  return ctx.app.inject({ method: 'POST', url: '/api/admin/blogs', headers: headers(cookie), payload });
}
function update(id: number | string, payload: Payload, cookie: string | null = editor) {
  return ctx.app.inject({ method: 'PUT', url: `/api/admin/blogs/${id}`, headers: headers(cookie), payload });
}
function publish(id: number | string, cookie: string | null = editor) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/admin/blogs/${id}/publish`, headers: headers(cookie) });
}
function remove(id: number | string, cookie: string | null = editor) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/admin/blogs/${id}`, headers: headers(cookie) });
}
function getPost(id: number | string, cookie: string | null = null) {
  return ctx.app.inject({ method: 'GET', url: `/api/blogs/${id}`, headers: headers(cookie) });
}
function listForApp(appId: number | string, cookie: string | null = null) {
  return ctx.app.inject({ method: 'GET', url: `/api/apps/${appId}/blogs`, headers: headers(cookie) });
}
function adminList(cookie: string | null = editor) {
  return ctx.app.inject({ method: 'GET', url: '/api/admin/blogs', headers: headers(cookie) });
}

async function createPost(overrides: Payload = {}) {
  const res = await create(validPost(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    appId: number;
    title: string;
    isPublished: boolean;
    publishedAt: string | null;
    createdAt: string;
  };
}

/** Stamps a post's dates directly, so ordering and "unchanged" checks do not depend on timing. */
async function setDates(id: number, dates: { createdAt?: string; publishedAt?: string | null }) {
  await ctx.database.db
    .update(blogPosts)
    .set({
      ...(dates.createdAt ? { createdAt: new Date(dates.createdAt) } : {}),
      ...(dates.publishedAt !== undefined
        ? { publishedAt: dates.publishedAt ? new Date(dates.publishedAt) : null }
        : {}),
    })
    .where(eq(blogPosts.id, id));
}

async function postCount(): Promise<number> {
  return (await ctx.database.db.select({ id: blogPosts.id }).from(blogPosts)).length;
}

/** The app's clock, as the API writes it. */
const nowIso = (offsetMs = 0) => new Date(ctx.clock.now().getTime() + offsetMs).toISOString();

/** Runs `fn` with the app's clock moved by `offsetMs`, then puts the clock back. */
async function withClockOffset<T>(offsetMs: number, fn: () => Promise<T>): Promise<T> {
  ctx.clock.offsetMs = offsetMs;
  try {
    return await fn();
  } finally {
    ctx.clock.offsetMs = 0;
  }
}

/** The app's clock moved by `offsetMs` (the app's clock, not the database's). */
function expectShiftedNow(value: unknown, offsetMs: number) {
  expectIsoTimestamp(value);
  expect(value).toBe(nowIso(offsetMs));
}

describe('POST /api/admin/blogs', () => {
  it.each(['editor', 'admin'] as const)(
    'lets a signed-in %s create a draft (201, full shape, defaults)',
    async (role) => {
      const res = await create(
        { appId: appA.id, title: `  By ${role}  `, content: '<p>Draft body</p>' },
        session(role),
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(POST_KEYS);
      expect(body).toMatchObject({
        appId: appA.id,
        title: `By ${role}`,
        content: '<p>Draft body</p>',
        images: [],
        isPublished: false,
        publishedAt: null,
      });
      expect(Number.isInteger(body.id)).toBe(true);
      expectIsoTimestamp(body.createdAt);
      expectIsoTimestamp(body.updatedAt);
      expect((await getPost(body.id, editor)).json()).toEqual(body);
    },
  );

  it('stores http(s) and /media/ images in order', async () => {
    const images = ['https://example.com/a.png', 'http://example.com/b.jpg', '/media/uploads/c_1.png'];
    const res = await create(validPost({ images }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().images).toEqual(images);
  });

  it('coerces a numeric string appId', async () => {
    const res = await create(validPost({ appId: String(appB.id) }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().appId).toBe(appB.id);
  });

  it('sets publishedAt itself when created published, ignoring a client value', async () => {
    const res = await create(validPost({ isPublished: true, publishedAt: '2001-01-01T00:00:00.000Z' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.isPublished).toBe(true);
    expectIsoTimestamp(body.publishedAt);
    expect(body.publishedAt).toBe(nowIso());
  });

  it("stamps publishedAt with the app's clock, not the database's", async () => {
    const offset = -10 * DAY_MS;
    const res = await withClockOffset(offset, () => create(validPost({ isPublished: true })));
    expect(res.statusCode, res.body).toBe(201);
    expectShiftedNow(res.json().publishedAt, offset);
    expectShiftedNow((await getPost(res.json().id)).json().publishedAt, offset);
  });

  it('accepts content that is only an allowed image', async () => {
    const res = await create(validPost({ content: IMAGE_ONLY_CONTENT }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content).toMatch(/^<p><img src="https:\/\/example\.com\/a\.png"\s*\/?><\/p>$/);
    expect((await getPost(res.json().id, editor)).json().content).toBe(res.json().content);
  });

  it('refuses content that is empty once sanitised (422) and stores nothing', async () => {
    for (const content of [
      EMPTY_AFTER_SANITISE,
      '<p><script>alert(1)</script></p>',
      '<img src="javascript:alert(1)">',
    ]) {
      const before = await postCount();
      expectSingleIssue(await create(validPost({ content, isPublished: true })), 'content', 'Content is required');
      expect(await postCount()).toBe(before);
    }
  });

  it('leaves publishedAt null for a draft even when the client sends one', async () => {
    const res = await create(validPost({ isPublished: false, publishedAt: '2001-01-01T00:00:00.000Z' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().publishedAt).toBeNull();
  });

  it('sanitises the content (read back through every read endpoint)', async () => {
    const res = await create(validPost({ content: XSS_CONTENT, isPublished: true }));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expectSanitised(res.json().content);
    expectSanitised((await getPost(id)).json().content);
    const inAppList = (await listForApp(appA.id)).json().find((p: { id: number }) => p.id === id);
    expectSanitised(inAppList.content);
    const inAdminList = (await adminList()).json().find((p: { id: number }) => p.id === id);
    expectSanitised(inAdminList.content);
  });

  it('drops rel from links without a target', async () => {
    const res = await create(validPost({ content: '<p><a href="https://example.com" rel="opener">x</a></p>' }));
    expect(res.json().content).toBe('<p><a href="https://example.com">x</a></p>');
  });

  describe('validation (422 VALIDATION_FAILED)', () => {
    it.each([
      ['appId', undefined],
      ['appId', null],
      ['appId', 'abc'],
      ['appId', 0],
      ['appId', -3],
      ['appId', 1.5],
      ['appId', 99999999999],
    ])('%s = %j is rejected with "Please select an app"', async (_field, appId) => {
      const payload = validPost({ appId });
      if (appId === undefined) delete payload.appId;
      expectSingleIssue(await create(payload), 'appId', 'Please select an app');
    });

    it('rejects an app that does not exist and stores nothing', async () => {
      const before = await postCount();
      expectSingleIssue(await create(validPost({ appId: MISSING_ID })), 'appId', 'Please select an app');
      expect(await postCount()).toBe(before);
    });

    it.each([
      ['title', '', 'Title is required'],
      ['title', '   ', 'Title is required'],
      ['title', 'x'.repeat(201), 'Title must be at most 200 characters'],
      ['content', '', 'Content is required'],
      ['content', '   ', 'Content is required'],
      ['content', 'x'.repeat(200_001), 'Content is too long'],
      ['images', Array.from({ length: 51 }, (_, i) => `https://example.com/${i}.png`), 'At most 50 images'],
    ])('%s = %j is rejected with its message', async (field, value, message) => {
      const before = await postCount();
      expectSingleIssue(await create(validPost({ [field]: value })), field, message);
      expect(await postCount()).toBe(before);
    });

    it.each([
      ['javascript:alert(1)'],
      ['data:image/png;base64,AAAA'],
      ['ftp://example.com/a.png'],
      ['/media/../etc/passwd'],
      ['//evil.example/a.png'],
      ['a.png'],
    ])('an image %s is rejected with its index in the path', async (bad) => {
      expectSingleIssue(
        await create(validPost({ images: ['https://example.com/ok.png', bad] })),
        'images.1',
        'Each image must be a valid URL',
      );
    });

    it('rejects images that are not a list and a non-boolean isPublished', async () => {
      const images = await create(validPost({ images: 'https://example.com/a.png' }));
      expect(images.statusCode).toBe(422);
      expect(images.json().issues.map((i: { path: string }) => i.path)).toEqual(['images']);
      const isPublished = await create(validPost({ isPublished: 'yes' }));
      expect(isPublished.statusCode).toBe(422);
      expect(isPublished.json().issues.map((i: { path: string }) => i.path)).toEqual(['isPublished']);
    });

    it.each([
      ['title', 'Title is required'],
      ['content', 'Content is required'],
      ['appId', 'Please select an app'],
    ] as const)('a missing %s gives its product message and stores nothing', async (field, message) => {
      const before = await postCount();
      const payload = validPost();
      delete payload[field];
      expectSingleIssue(await create(payload), field, message);
      expect(await postCount()).toBe(before);
    });

    it.each([
      ['title', 'Title is required'],
      ['content', 'Content is required'],
    ] as const)('a null %s gives its product message', async (field, message) => {
      expectSingleIssue(await create(validPost({ [field]: null })), field, message);
    });

    it('reports each missing required field', async () => {
      const res = await create({});
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      const paths = res
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort();
      expect(paths).toEqual(['appId', 'content', 'title']);
      expect(res.json().issues).toEqual(
        expect.arrayContaining([
          { path: 'appId', message: 'Please select an app' },
          { path: 'title', message: 'Title is required' },
          { path: 'content', message: 'Content is required' },
        ]),
      );
    });
  });

  it('is 401 UNAUTHENTICATED for an anonymous visitor and stores nothing', async () => {
    const before = await postCount();
    for (const cookie of [null, 'sid=forged-session-token']) {
      const res = await create(validPost(), cookie);
      expectUnauthenticated(res);
    }
    expect(await postCount()).toBe(before);
  });
});

describe('PUT /api/admin/blogs/:id', () => {
  it.each(['editor', 'admin'] as const)(
    'lets a signed-in %s replace a post, moving it to another app',
    async (role) => {
      const post = await createPost({ title: 'Old', images: ['https://example.com/old.png'] });
      const res = await update(
        post.id,
        validPost({ appId: appB.id, title: 'New', content: '<p>New body</p>', images: ['/media/uploads/new.png'] }),
        session(role),
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(POST_KEYS);
      expect(body).toMatchObject({
        id: post.id,
        appId: appB.id,
        title: 'New',
        content: '<p>New body</p>',
        images: ['/media/uploads/new.png'],
        isPublished: false,
        publishedAt: null,
        createdAt: post.createdAt,
      });
      expect((await getPost(post.id, editor)).json()).toEqual(body);
    },
  );

  it('sanitises the content on update', async () => {
    const post = await createPost();
    const res = await update(post.id, validPost({ content: XSS_CONTENT }));
    expect(res.statusCode, res.body).toBe(200);
    expectSanitised(res.json().content);
    expectSanitised((await getPost(post.id, editor)).json().content);
  });

  it('publishes a draft when isPublished is true, setting publishedAt', async () => {
    const post = await createPost();
    const res = await update(post.id, validPost({ isPublished: true, publishedAt: '2001-01-01T00:00:00.000Z' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().isPublished).toBe(true);
    expectIsoTimestamp(res.json().publishedAt);
    expect(res.json().publishedAt).toBe(nowIso());
  });

  it("publishes a draft with the app's clock when isPublished is true", async () => {
    const post = await createPost();
    const offset = -10 * DAY_MS;
    const res = await withClockOffset(offset, () => update(post.id, validPost({ isPublished: true })));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().isPublished).toBe(true);
    expectShiftedNow(res.json().publishedAt, offset);
    expectShiftedNow((await getPost(post.id)).json().publishedAt, offset);
  });

  it('refuses content that is empty once sanitised (422) and leaves the post unchanged', async () => {
    const post = await createPost({ title: 'Has content', content: '<p>Original body</p>' });
    const before = (await getPost(post.id, editor)).json();
    expectSingleIssue(
      await update(post.id, validPost({ title: 'Emptied', content: EMPTY_AFTER_SANITISE })),
      'content',
      'Content is required',
    );
    expect((await getPost(post.id, editor)).json()).toEqual(before);
  });

  it('accepts image-only content on update', async () => {
    const post = await createPost();
    const res = await update(post.id, validPost({ content: IMAGE_ONLY_CONTENT }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toContain('<img src="https://example.com/a.png"');
  });

  it.each([
    ['title', 'Title is required'],
    ['content', 'Content is required'],
    ['appId', 'Please select an app'],
  ] as const)('a missing %s gives its product message and leaves the post unchanged', async (field, message) => {
    const post = await createPost({ title: 'Before missing field' });
    const before = (await getPost(post.id, editor)).json();
    const payload = validPost({ title: 'Changed' });
    delete payload[field];
    expectSingleIssue(await update(post.id, payload), field, message);
    expect((await getPost(post.id, editor)).json()).toEqual(before);
  });

  it('keeps the first publishedAt on later updates, and a published post stays published', async () => {
    const post = await createPost({ isPublished: true });
    const firstPublished = '2020-03-04T05:06:07.000Z';
    await setDates(post.id, { publishedAt: firstPublished });

    const republished = await update(
      post.id,
      validPost({ title: 'Edited', isPublished: true, publishedAt: '2030-01-01T00:00:00.000Z' }),
    );
    expect(republished.statusCode, republished.body).toBe(200);
    expect(republished.json()).toMatchObject({ title: 'Edited', isPublished: true, publishedAt: firstPublished });

    // No action returns a post to draft (SPEC §4): isPublished false is ignored for a published post.
    const unpublish = await update(
      post.id,
      validPost({ title: 'Edited again', isPublished: false, publishedAt: null }),
    );
    expect(unpublish.statusCode, unpublish.body).toBe(200);
    expect(unpublish.json()).toMatchObject({ title: 'Edited again', isPublished: true, publishedAt: firstPublished });
    expect((await getPost(post.id)).json()).toMatchObject({ isPublished: true, publishedAt: firstPublished });
  });

  it('validates the body and leaves the post unchanged', async () => {
    const post = await createPost({ title: 'Stable' });
    expectSingleIssue(await update(post.id, validPost({ title: '' })), 'title', 'Title is required');
    expectSingleIssue(await update(post.id, validPost({ content: ' ' })), 'content', 'Content is required');
    expectSingleIssue(
      await update(post.id, validPost({ images: ['javascript:alert(1)'] })),
      'images.0',
      'Each image must be a valid URL',
    );
    expectSingleIssue(await update(post.id, validPost({ appId: 'abc' })), 'appId', 'Please select an app');
    expectSingleIssue(await update(post.id, validPost({ appId: MISSING_ID })), 'appId', 'Please select an app');
    expect((await getPost(post.id, editor)).json()).toMatchObject({ title: 'Stable', appId: appA.id });
  });

  it('is 404 for a missing post', async () => {
    const res = await update(MISSING_ID, validPost());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Blog post not found', code: 'NOT_FOUND' });
  });

  it.each(BAD_IDS)('is 400 (never 500) for the id %s', async (id) => {
    const res = await update(id, validPost());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'id', message: 'Invalid id' }] });
  });

  it('is 401 for an anonymous visitor and changes nothing', async () => {
    const post = await createPost({ title: 'Mine' });
    const res = await update(post.id, validPost({ title: 'Hijacked' }), null);
    expectUnauthenticated(res);
    expect((await getPost(post.id, editor)).json().title).toBe('Mine');
  });
});

describe('PATCH /api/admin/blogs/:id/publish', () => {
  it.each(['editor', 'admin'] as const)('lets a signed-in %s publish a draft, setting publishedAt', async (role) => {
    const post = await createPost();
    const res = await publish(post.id, session(role));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(POST_KEYS);
    expect(body).toMatchObject({ id: post.id, title: post.title, isPublished: true });
    expectIsoTimestamp(body.publishedAt);
    expect(body.publishedAt).toBe(nowIso());
    // Now visible to visitors.
    expect((await getPost(post.id)).statusCode).toBe(200);
  });

  it("stamps publishedAt with the app's clock", async () => {
    const post = await createPost();
    const offset = -10 * DAY_MS;
    const res = await withClockOffset(offset, () => publish(post.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().isPublished).toBe(true);
    expectShiftedNow(res.json().publishedAt, offset);
    expectShiftedNow((await getPost(post.id)).json().publishedAt, offset);
  });

  it('does not move publishedAt when publishing again', async () => {
    const post = await createPost({ isPublished: true });
    const firstPublished = '2019-12-31T23:59:59.000Z';
    await setDates(post.id, { publishedAt: firstPublished });
    const res = await publish(post.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isPublished: true, publishedAt: firstPublished });
    expect((await getPost(post.id)).json().publishedAt).toBe(firstPublished);
  });

  it('is 404 for a missing post', async () => {
    const res = await publish(MISSING_ID);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Blog post not found', code: 'NOT_FOUND' });
  });

  it.each(BAD_IDS)('is 400 (never 500) for the id %s', async (id) => {
    const res = await publish(id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'id', message: 'Invalid id' }] });
  });

  it('is 401 for an anonymous visitor and leaves the draft unpublished', async () => {
    const post = await createPost();
    const res = await publish(post.id, null);
    expectUnauthenticated(res);
    expect((await getPost(post.id, editor)).json()).toMatchObject({ isPublished: false, publishedAt: null });
  });
});

describe('DELETE /api/admin/blogs/:id', () => {
  it.each(['editor', 'admin'] as const)('lets a signed-in %s delete a post', async (role) => {
    const post = await createPost({ isPublished: true });
    const res = await remove(post.id, session(role));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await getPost(post.id, editor)).statusCode).toBe(404);
    const again = await remove(post.id, session(role));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Blog post not found', code: 'NOT_FOUND' });
  });

  it.each(BAD_IDS)('is 400 (never 500) for the id %s', async (id) => {
    const res = await remove(id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'id', message: 'Invalid id' }] });
  });

  it('is 401 for an anonymous visitor and keeps the post', async () => {
    const post = await createPost({ isPublished: true });
    const res = await remove(post.id, null);
    expectUnauthenticated(res);
    expect((await getPost(post.id)).statusCode).toBe(200);
  });
});

describe('GET /api/blogs/:id', () => {
  it('shows a published post to anyone, with the full shape', async () => {
    const post = await createPost({ isPublished: true, images: ['https://example.com/x.png'] });
    const res = await getPost(post.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(POST_KEYS);
    expect(body).toMatchObject({
      id: post.id,
      appId: appA.id,
      isPublished: true,
      images: ['https://example.com/x.png'],
    });
    expectIsoTimestamp(body.publishedAt);
  });

  it('hides a draft from anonymous visitors (404) but shows it to signed-in staff', async () => {
    const draft = await createPost({ title: 'Secret draft' });
    for (const cookie of [null, 'sid=forged-session-token']) {
      const res = await getPost(draft.id, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Blog post not found', code: 'NOT_FOUND' });
      expect(res.body).not.toContain('Secret draft');
    }
    for (const cookie of [editor, admin]) {
      const res = await getPost(draft.id, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: draft.id, title: 'Secret draft', isPublished: false, publishedAt: null });
    }
  });

  it('is 404 for a missing post', async () => {
    const res = await getPost(MISSING_ID, editor);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Blog post not found', code: 'NOT_FOUND' });
  });

  it.each(BAD_IDS)('is 400 (never 500) for the id %s', async (id) => {
    const res = await getPost(id);
    expectInvalidId(res);
  });
});

describe('GET /api/apps/:id/blogs', () => {
  let listApp: { id: number; title: string };
  let published: { id: number };
  let draft: { id: number };
  let otherAppPost: { id: number };

  beforeAll(async () => {
    listApp = await createApp('Listed App');
    published = await createPost({ appId: listApp.id, title: 'Visible', isPublished: true });
    draft = await createPost({ appId: listApp.id, title: 'Hidden draft' });
    otherAppPost = await createPost({ appId: appB.id, title: 'Elsewhere', isPublished: true });
  });

  it('gives anonymous visitors only the published posts of that app', async () => {
    for (const cookie of [null, 'sid=forged-session-token']) {
      const res = await listForApp(listApp.id, cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<Record<string, unknown>>;
      expect(list.map((p) => p.id)).toEqual([published.id]);
      expect(Object.keys(list[0]!).sort()).toEqual(POST_KEYS);
      expect(res.body).not.toContain('Hidden draft');
    }
  });

  it('gives signed-in staff the drafts too', async () => {
    for (const cookie of [editor, admin]) {
      const res = await listForApp(listApp.id, cookie);
      expect(res.statusCode).toBe(200);
      const ids = res.json().map((p: { id: number }) => p.id);
      expect(ids.sort()).toEqual([published.id, draft.id].sort());
      expect(ids).not.toContain(otherAppPost.id);
    }
  });

  it('is an empty list for an app without posts', async () => {
    const empty = await createApp('No posts yet');
    const res = await listForApp(empty.id, editor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('is 404 for a missing app', async () => {
    const res = await listForApp(MISSING_ID);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'App not found', code: 'NOT_FOUND' });
  });

  it.each(BAD_IDS)('is 400 (never 500) for the app id %s', async (id) => {
    const res = await listForApp(id);
    expectInvalidId(res);
  });
});

describe('GET /api/admin/blogs', () => {
  it('is 401 for an anonymous visitor', async () => {
    for (const cookie of [null, 'sid=forged-session-token']) {
      const res = await adminList(cookie);
      expectUnauthenticated(res);
    }
  });

  it('lists every post, drafts included, each with its appTitle', async () => {
    const draft = await createPost({ appId: appA.id, title: 'Admin draft' });
    const live = await createPost({ appId: appB.id, title: 'Admin live', isPublished: true });
    for (const cookie of [editor, admin]) {
      const res = await adminList(cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<Record<string, unknown>>;
      expect(list.length).toBe(await postCount());
      for (const item of list) expect(Object.keys(item).sort()).toEqual(ADMIN_POST_KEYS);
      expect(list.find((p) => p.id === draft.id)).toMatchObject({
        isPublished: false,
        appId: appA.id,
        appTitle: appA.title,
      });
      expect(list.find((p) => p.id === live.id)).toMatchObject({
        isPublished: true,
        appId: appB.id,
        appTitle: appB.title,
      });
    }
  });

  it('puts the newest post first', async () => {
    // Written in an order unrelated to their dates, so id order cannot pass for date order.
    const newest = await createPost({ title: 'Newest' });
    const oldest = await createPost({ title: 'Oldest' });
    const middle = await createPost({ title: 'Middle', isPublished: true });
    await setDates(oldest.id, { createdAt: '2021-01-01T00:00:00.000Z' });
    await setDates(middle.id, { createdAt: '2022-01-01T00:00:00.000Z', publishedAt: '2022-01-02T00:00:00.000Z' });
    await setDates(newest.id, { createdAt: '2023-01-01T00:00:00.000Z' });
    const ids = (await adminList()).json().map((p: { id: number }) => p.id);
    const mine = ids.filter((id: number) => [oldest.id, middle.id, newest.id].includes(id));
    expect(mine).toEqual([newest.id, middle.id, oldest.id]);
    // Posts written just now come before all three backdated ones.
    const fresh = await createPost({ title: 'Fresh' });
    const after = (await adminList()).json().map((p: { id: number }) => p.id);
    expect(after.indexOf(fresh.id)).toBeLessThan(after.indexOf(newest.id));
  });
});

describe('GET /api/admin/blogs with paging and search (issue 11)', () => {
  const page = (query: string, cookie: string | null = editor) =>
    ctx.app.inject({ url: `/api/admin/blogs?${query}`, headers: cookie ? { cookie } : {} });

  it('answers one page with the total, newest first; without parameters the whole list as before', async () => {
    const marker = unique('Paging');
    for (let n = 1; n <= 7; n++) await createPost({ title: `${marker} ${n}` });
    const all = (await adminList()).json() as { id: number }[];
    const first = await page('page=1&pageSize=5');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(all.length));
    expect(first.json().map((p: { id: number }) => p.id)).toEqual(all.slice(0, 5).map((p) => p.id));
    const second = await page('page=2&pageSize=5');
    expect(second.json().map((p: { id: number }) => p.id)).toEqual(all.slice(5, 10).map((p) => p.id));
    expect(first.json()[0]).toHaveProperty('appTitle');

    const found = await page(`q=${encodeURIComponent(marker.toLowerCase())}&pageSize=3`);
    expect(found.headers['x-total-count']).toBe('7');
    expect(found.json()).toHaveLength(3);
  });

  it('matches the app title too, and takes % and _ literally', async () => {
    const byApp = await page(`q=${encodeURIComponent(appB.title.toUpperCase())}`);
    expect(byApp.json().every((p: { appId: number }) => p.appId === appB.id)).toBe(true);
    await createPost({ title: 'Sale: 50% off_today' });
    expect((await page('q=50%25%20off_')).headers['x-total-count']).toBe('1');
    expect((await page('q=%25%25%25')).json()).toEqual([]);
  });

  it('refuses bad parameters and anonymous callers', async () => {
    expect((await page('page=0')).statusCode).toBe(400);
    expect((await page('pageSize=500')).statusCode).toBe(400);
    expect((await page('page=1', null)).statusCode).toBe(401);
  });
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import { REVISIONS_KEPT, type Revision, type RevisionSummary } from '../../../shared/schemas/revisions';
import { postInput } from '../../../../tests/factories';
import { BAD_IDS, expectError, ok } from '../../../../tests/setup/api';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { revisions } from '../../db/schema';

const SUMMARY_KEYS = ['id', 'version', 'reason', 'createdAt', 'author'].sort();
const REVISION_KEYS = [...SUMMARY_KEYS, 'kind', 'itemId', 'data', 'translation'].sort();
const MISSING_ID = 2_147_483_647;

const about = (n: number) => ({ title: `About us ${n}`, content: `<p>We are ${n} friends making small games.</p>` });
const privacy = (n: number) => ({ content: `<p>We keep ${n} cookies.</p>`, lastUpdated: `1${n % 10}/05/2025` });
const home = (n: number) => ({ heroTitle: `Small games ${n}`, featuredAppTitle: `Our ${n} games`, ctaText: 'Play' });

type Kind = 'about' | 'privacy' | 'home';
const PAGE: Record<Kind, { url: string; body: (n: number) => Record<string, unknown> }> = {
  about: { url: api.aboutUs, body: about },
  privacy: { url: api.privacyPolicy, body: privacy },
  home: { url: api.homeContent, body: home },
};

const ctx = useStaffApp();
let appId: number;

beforeAll(async () => {
  appId = (await ctx.make.makeApp({ title: 'Alpha Quest' })).id;
});

const get = (url: string, cookie: string | null = ctx.editor) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const { send } = ctx;

const list = (type: string, id?: number, cookie: string | null = ctx.editor) => get(api.revisions(type, id), cookie);
const history = (type: string, id?: number) => ok<RevisionSummary[]>(list(type, id));
const revision = (id: number) => ok<Revision>(get(api.revision(id)));
const restore = (id: number | string, cookie = ctx.editor) => send('POST', api.restoreRevision(id), undefined, cookie);

async function savePage(kind: Kind, n: number, cookie = ctx.editor) {
  return ok<Record<string, unknown> & { version: number }>(send('PUT', PAGE[kind].url, PAGE[kind].body(n), cookie));
}

async function createPost(fields: Record<string, unknown> = {}) {
  return ok<Record<string, unknown> & { id: number; version: number }>(
    send('POST', api.adminBlogs, postInput(appId, { title: 'First title', content: '<p>First words.</p>', ...fields })),
    201,
  );
}
const updatePost = (id: number, fields: Record<string, unknown>) =>
  ok<Record<string, unknown> & { version: number }>(
    send('PUT', api.adminBlog(id), { appId, title: 'First title', content: '<p>First words.</p>', ...fields }),
  );
const readPost = (id: number) => ok<Record<string, unknown> & { version: number }>(get(api.blog(id)));

describe('GET /api/admin/revisions', () => {
  it.each(['about', 'privacy', 'home'] as const)(
    'keeps a revision of each save of %s, newest first, with its version, author and reason',
    async (kind) => {
      const before = await history(kind);
      const first = await savePage(kind, 1, ctx.editor);
      const second = await savePage(kind, 2, ctx.admin);
      expect(second.version).toBe(first.version + 1);

      const after = await history(kind);
      expect(after).toHaveLength(before.length + 2);
      const [newest, older] = after;
      for (const entry of [newest!, older!]) expect(Object.keys(entry).sort()).toEqual(SUMMARY_KEYS);
      expect(newest).toMatchObject({ version: second.version, author: 'admin', reason: 'save' });
      expect(older).toMatchObject({ version: first.version, author: 'editor', reason: 'save' });
      expect(newest!.id).toBeGreaterThan(older!.id);
      expect(Number.isNaN(Date.parse(newest!.createdAt))).toBe(false);
      expect(Date.parse(newest!.createdAt)).toBeGreaterThanOrEqual(Date.parse(older!.createdAt));
    },
  );

  it('keeps a revision of each save of a post: created, saved, published and unpublished', async () => {
    const post = await createPost();
    await updatePost(post.id, { title: 'Second title' });
    await ok(send('PATCH', api.publishBlog(post.id)));
    await ok(send('PATCH', api.unpublishBlog(post.id), undefined, ctx.admin));

    const entries = await history('post', post.id);
    expect(entries.map((e) => [e.version, e.reason, e.author])).toEqual([
      [4, 'unpublish', 'admin'],
      [3, 'publish', 'editor'],
      [2, 'save', 'editor'],
      [1, 'save', 'editor'],
    ]);
    // Another post's history is its own.
    const other = await createPost({ title: 'Other post' });
    expect(await history('post', other.id)).toHaveLength(1);
  });

  it(`keeps only the newest ${REVISIONS_KEPT} revisions of an item`, async () => {
    const post = await createPost();
    const [oldest] = await history('post', post.id);
    for (let n = 2; n <= 55; n++) await updatePost(post.id, { title: `Title ${n}` });

    const entries = await history('post', post.id);
    expect(entries).toHaveLength(REVISIONS_KEPT);
    expect(entries.map((e) => e.version)).toEqual(Array.from({ length: REVISIONS_KEPT }, (_, i) => 55 - i));
    expect(await count('post', post.id)).toBe(REVISIONS_KEPT);
    expectError(await get(api.revision(oldest!.id)), 404, 'NOT_FOUND');
    // The newest kept revision holds the last save.
    expect((await revision(entries[0]!.id)).data).toMatchObject({ title: 'Title 55' });
  });

  it('needs the id of a post (422), and a post that exists (404)', async () => {
    const body = expectError(await list('post'), 422, 'VALIDATION_FAILED');
    expect(body.issues).toEqual([{ path: 'id', message: 'Required' }]);
    expectError(await list('post', MISSING_ID), 404, 'NOT_FOUND', 'Blog post not found');
  });

  it('refuses a missing or unknown type and a bad id (400, as every bad query of the API)', async () => {
    const type = expectError(await get('/api/admin/revisions?type=app'), 400, 'BAD_REQUEST');
    expect(type.issues).toEqual([{ path: 'type', message: 'type must be post, about, privacy or home' }]);
    expectError(await get('/api/admin/revisions'), 400, 'BAD_REQUEST');
    for (const bad of BAD_IDS) {
      expectError(await get(`/api/admin/revisions?type=post&id=${bad}`), 400, 'BAD_REQUEST');
    }
  });

  it('is for staff only (401 signed out)', async () => {
    expectError(await list('about', undefined, null), 401, 'UNAUTHENTICATED');
    const post = await createPost();
    expectError(await list('post', post.id, null), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /api/admin/revisions/:id', () => {
  it('returns one revision whole, with the fields as saved', async () => {
    await savePage('about', 7);
    const [newest] = await history('about');
    const whole = await revision(newest!.id);
    expect(Object.keys(whole).sort()).toEqual(REVISION_KEYS);
    expect(whole).toMatchObject({ ...newest, kind: 'about', itemId: 0, data: about(7), translation: null });

    const post = await createPost({ title: 'Whole post', excerpt: 'A short summary.' });
    const [postRevision] = await history('post', post.id);
    expect((await revision(postRevision!.id)).data).toMatchObject({
      appId,
      title: 'Whole post',
      content: '<p>First words.</p>',
      excerpt: 'A short summary.',
      isPublished: false,
    });
  });

  it('is 404 for a revision that does not exist, 400 for a bad id, 401 signed out', async () => {
    expectError(await get(api.revision(MISSING_ID)), 404, 'NOT_FOUND', 'Revision not found');
    for (const bad of BAD_IDS) expectError(await get(api.revision(bad)), 400, 'BAD_REQUEST');
    const [any] = await history('about');
    expectError(await get(api.revision(any!.id), null), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/admin/revisions/:id/restore', () => {
  it.each(['about', 'privacy', 'home'] as const)(
    'makes %s equal to an old revision, as a new version with a "restore" revision',
    async (kind) => {
      await savePage(kind, 3);
      const [old] = await history(kind);
      const oldData = (await revision(old!.id)).data;
      const changed = await savePage(kind, 4);

      const restored = await ok<Record<string, unknown> & { version: number }>(restore(old!.id, ctx.admin));
      expect(restored.version).toBe(changed.version + 1);
      expect(restored).toMatchObject(oldData);

      // The public read shows the restored text.
      const read = await ok<Record<string, unknown>>(get(PAGE[kind].url, null));
      expect(read).toMatchObject({ ...oldData, version: restored.version });

      const [newest] = await history(kind);
      expect(newest).toMatchObject({ version: restored.version, reason: 'restore', author: 'admin' });
      expect((await revision(newest!.id)).data).toEqual(oldData);
    },
  );

  it('restores a post’s text, a new version, and keeps it published', async () => {
    const post = await createPost({ title: 'Draft title', content: '<p>Draft words.</p>', excerpt: 'Old excerpt' });
    const [draft] = await history('post', post.id);
    await updatePost(post.id, { title: 'Final title', content: '<p>Final words.</p>', excerpt: 'New excerpt' });
    const published = await ok<Record<string, unknown> & { version: number; publishedAt: string }>(
      send('PATCH', api.publishBlog(post.id)),
    );

    const restored = await ok<Record<string, unknown> & { version: number }>(restore(draft!.id));
    expect(restored).toMatchObject({
      id: post.id,
      title: 'Draft title',
      content: '<p>Draft words.</p>',
      excerpt: 'Old excerpt',
      isPublished: true,
      publishedAt: published.publishedAt,
      version: published.version + 1,
    });
    // Visitors see the restored text at once.
    expect(await ok(get(api.blog(post.id), null))).toMatchObject({ title: 'Draft title', isPublished: true });
    const [newest] = await history('post', post.id);
    expect(newest).toMatchObject({ version: restored.version, reason: 'restore', author: 'editor' });
  });

  it('keeps a draft a draft when the restored revision was published', async () => {
    const post = await createPost({ title: 'Published once', isPublished: true });
    const [wasPublished] = await history('post', post.id);
    await ok(send('PATCH', api.unpublishBlog(post.id)));

    const restored = await ok<Record<string, unknown>>(restore(wasPublished!.id));
    expect(restored).toMatchObject({ title: 'Published once', isPublished: false, publishedAt: null });
    expect(await readPost(post.id)).toMatchObject({ isPublished: false });
  });

  it('refuses (422) to restore a slug another post has taken since, and changes nothing', async () => {
    const post = await createPost({ title: 'Slug owner', slug: 'taken-later' });
    const [old] = await history('post', post.id);
    const renamed = await updatePost(post.id, { title: 'Slug owner', slug: 'renamed' });
    await createPost({ title: 'Newcomer', slug: 'taken-later' });

    const body = expectError(await restore(old!.id), 422, 'VALIDATION_FAILED');
    expect(body.issues?.[0]?.path).toBe('slug');
    expect(await readPost(post.id)).toMatchObject({ slug: 'renamed', version: renamed.version });
    expect(await history('post', post.id)).toHaveLength(2);
  });

  it('is 404 for a revision that does not exist, 400 for a bad id, 401 signed out', async () => {
    expectError(await restore(MISSING_ID), 404, 'NOT_FOUND', 'Revision not found');
    for (const bad of BAD_IDS) expectError(await restore(bad), 400, 'BAD_REQUEST');
    const [any] = await history('about');
    const before = await ok<{ version: number }>(get(api.aboutUs, null));
    const res = await ctx.app.inject({ method: 'POST', url: api.restoreRevision(any!.id) });
    expectError(res, 401, 'UNAUTHENTICATED');
    expect((await ok<{ version: number }>(get(api.aboutUs, null))).version).toBe(before.version);
  });
});

describe('a deleted post', () => {
  it('takes its revisions with it', async () => {
    const post = await createPost();
    await updatePost(post.id, { title: 'Edited' });
    const entries = await history('post', post.id);
    expect(entries).toHaveLength(2);

    await ok(send('DELETE', api.adminBlog(post.id)));
    expect(await count('post', post.id)).toBe(0);
    expectError(await list('post', post.id), 404, 'NOT_FOUND');
    for (const entry of entries) {
      expectError(await get(api.revision(entry.id)), 404, 'NOT_FOUND');
      expectError(await restore(entry.id), 404, 'NOT_FOUND');
    }
  });
});

describe('a deleted app', () => {
  it('takes the revisions of its posts with it', async () => {
    const doomed = (await ctx.make.makeApp({ title: 'Doomed' })).id;
    const post = await createPost({ appId: doomed });
    expect(await count('post', post.id)).toBe(1);
    await ok(send('DELETE', api.app(doomed), undefined, ctx.admin));
    expect(await count('post', post.id)).toBe(0);
  });
});

async function count(kind: string, itemId: number): Promise<number> {
  const rows = await ctx.database.db
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.kind, kind), eq(revisions.itemId, itemId)));
  return rows.length;
}

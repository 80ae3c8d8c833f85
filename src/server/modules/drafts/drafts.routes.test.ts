// Autosave (issue 12): each staff member's unsaved work per editor and item. It never publishes,
// never changes what visitors see, and never overwrites a newer version saved elsewhere (409 with
// the item now, so the editor can show both). Saving the item drops the saver's draft.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type { BlogPost } from '../../../shared/schemas/blog-posts';
import { DRAFT_MAX_BYTES, translationDraftKey, type Draft } from '../../../shared/schemas/drafts';
import { expectError, ok, requests } from '../../../../tests/setup/api';
import { injectFactories, type Factories } from '../../../../tests/factories';
import { fixedClock } from '../../../../tests/setup/clock';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import { drafts } from '../../db/schema';

const MISSING_ID = 2_147_483_647;

let ctx: TestContext;
let make: Factories;
let admin: string;
let editor: string;
let appId: number;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock: fixedClock() });
  ({ admin, editor } = await staffSessions(ctx));
  make = injectFactories(ctx.app, editor);
  appId = (await make.makeApp({ title: 'Alpha Quest' })).id;
});

const { get, send } = requests(
  () => ctx.app,
  () => editor,
);

const readDraft = (kind: string, key: string | number, cookie: string | null = editor) =>
  get(api.draft(kind, key), cookie);
const autosave = (kind: string, key: string | number, data: unknown, baseVersion: unknown, cookie = editor) =>
  send('PUT', api.draft(kind, key), { data, baseVersion }, cookie);
const dropDraft = (kind: string, key: string | number, cookie: string | null = editor) =>
  send('DELETE', api.draft(kind, key), undefined, cookie);
/** The staff member's draft, or null when there is none. */
const draftOf = (kind: string, key: string | number, cookie = editor) => ok<Draft | null>(readDraft(kind, key, cookie));

let titles = 0;
const createPost = (overrides: Record<string, unknown> = {}, cookie = editor) =>
  ok<BlogPost>(
    send(
      'POST',
      api.adminBlogs,
      { appId, title: `Draft ${++titles}`, content: '<p>The first words.</p>', isPublished: false, ...overrides },
      cookie,
    ),
    201,
  );
const savePost = (post: BlogPost, overrides: Record<string, unknown> = {}, cookie = editor) =>
  send(
    'PUT',
    api.adminBlog(post.id),
    { appId: post.appId, title: post.title, content: post.content, isPublished: post.isPublished, ...overrides },
    cookie,
  );

const PAGES = {
  about: { url: api.aboutUs, body: { title: 'About us', content: '<p>Two people who make small games.</p>' } },
  privacy: { url: api.privacyPolicy, body: { content: '<p>We keep nothing.</p>', lastUpdated: '14/05/2025' } },
  home: { url: api.homeContent, body: { heroTitle: 'Small games', featuredAppTitle: 'Our games' } },
} as const;
type PageKind = keyof typeof PAGES;
const savePage = (kind: PageKind, extra: Record<string, unknown> = {}, cookie = editor) =>
  send('PUT', PAGES[kind].url, { ...PAGES[kind].body, ...extra }, cookie);

describe('autosave of a post', () => {
  it('keeps the form values of a new post, for their author only', async () => {
    expect(await draftOf('post', 'new')).toBeNull();
    const data = { title: 'Half a title', content: '<p>Half a thought</p>', appId };
    const saved = await ok<Draft>(autosave('post', 'new', data, 0));
    expect(saved).toMatchObject({ data, baseVersion: 0 });
    expect(saved.savedAt).toBe(ctx.clock.now().toISOString());
    expect(await draftOf('post', 'new')).toEqual(saved);
    // Another staff member has no such draft, and theirs does not replace this one.
    expect(await draftOf('post', 'new', admin)).toBeNull();
    await ok(autosave('post', 'new', { title: 'The admin’s idea' }, 0, admin));
    expect((await draftOf('post', 'new'))!.data).toEqual(data);
    expect((await draftOf('post', 'new', admin))!.data).toEqual({ title: 'The admin’s idea' });
    // Creating the post drops its author's draft of a new post, not the other's.
    await createPost({ title: 'Half a title, finished' });
    expect(await draftOf('post', 'new')).toBeNull();
    expect(await draftOf('post', 'new', admin)).not.toBeNull();
    await ok(dropDraft('post', 'new', admin));
  });

  it('a later autosave replaces the earlier one, stamped by the clock', async () => {
    const post = await createPost();
    await ok(autosave('post', post.id, { title: 'One' }, post.version));
    ctx.clock.advance(60_000);
    const second = await ok<Draft>(autosave('post', post.id, { title: 'Two' }, post.version));
    expect(await draftOf('post', post.id)).toEqual(second);
    expect(second.savedAt).toBe(ctx.clock.now().toISOString());
    const rows = await ctx.database.db
      .select()
      .from(drafts)
      .where(and(eq(drafts.kind, 'post'), eq(drafts.itemKey, String(post.id))));
    expect(rows).toHaveLength(1);
  });

  it('never publishes and never changes the post', async () => {
    const post = await createPost({ title: 'Unannounced', content: '<p>Secret plans.</p>' });
    await ok(
      autosave('post', post.id, { ...post, title: 'Announced!', isPublished: true, publishAt: null }, post.version),
    );
    expectError(await get(api.blog(post.id)), 404, 'NOT_FOUND');
    expect(await ok<BlogPost>(get(api.blog(post.id), editor))).toEqual(post);
    expect(((await get(api.appBlogs(appId))).json() as BlogPost[]).map((p) => p.id)).not.toContain(post.id);

    // Nor does it change a published post that visitors read.
    const live = await createPost({ title: 'Live post', isPublished: true });
    await ok(autosave('post', live.id, { title: 'Rewritten', content: '<p>Not ready</p>' }, live.version));
    expect(await ok<BlogPost>(get(api.blog(live.id)))).toEqual(live);
  });

  it('is refused (409, with the post as it is now) when the post changed since the edit began', async () => {
    const post = await createPost();
    const saved = await ok<BlogPost>(savePost(post, { title: 'Saved elsewhere' }, admin));
    const conflict = expectError(await autosave('post', post.id, { title: 'Mine' }, post.version), 409, 'CONFLICT');
    expect(conflict.current).toEqual(saved);
    expect(await draftOf('post', post.id)).toBeNull();
    // A version the post never had is no better; the current one is accepted.
    expectError(await autosave('post', post.id, { title: 'Mine' }, saved.version + 1), 409, 'CONFLICT');
    await ok(autosave('post', post.id, { title: 'Mine' }, saved.version));
    // A draft of a new post starts from nothing: version 0.
    expect(expectError(await autosave('post', 'new', { title: 'x' }, 3), 409, 'CONFLICT').current).toBeNull();
  });

  it('is dropped by its author’s save of the post (only theirs), and kept by a stale save', async () => {
    const post = await createPost();
    await ok(autosave('post', post.id, { title: 'Editor’s words' }, post.version));
    await ok(autosave('post', post.id, { title: 'Admin’s words' }, post.version, admin));

    // A save refused as stale keeps the draft: nothing was saved.
    await ok(savePost(post, { title: 'Admin saved' }, admin));
    expect(await draftOf('post', post.id, admin)).toBeNull();
    expectError(await savePost(post, { title: 'Editor, stale', version: post.version }), 409, 'CONFLICT');
    expect((await draftOf('post', post.id))!.data).toEqual({ title: 'Editor’s words' });

    await ok(savePost(post, { title: 'Editor saved' }));
    expect(await draftOf('post', post.id)).toBeNull();
  });

  it('can be discarded; discarding none is fine', async () => {
    const post = await createPost();
    await ok(autosave('post', post.id, { title: 'Throwaway' }, post.version));
    expect(await ok(dropDraft('post', post.id))).toEqual({ success: true });
    expect(await draftOf('post', post.id)).toBeNull();
    expect(await ok(dropDraft('post', post.id))).toEqual({ success: true });
  });

  it('of a post that does not exist is 404; a deleted post takes its drafts with it', async () => {
    expectError(await autosave('post', MISSING_ID, { title: 'x' }, 1), 404, 'NOT_FOUND');
    expectError(await autosave('post', 'main', { title: 'x' }, 1), 404, 'NOT_FOUND');
    const post = await createPost();
    await ok(autosave('post', post.id, { title: 'Soon gone' }, post.version));
    await ok(send('DELETE', api.adminBlog(post.id)));
    expect(await draftOf('post', post.id)).toBeNull();
    const rows = await ctx.database.db
      .select()
      .from(drafts)
      .where(eq(drafts.itemKey, String(post.id)));
    expect(rows).toEqual([]);

    // Deleting an app deletes its posts, and their drafts.
    const other = await make.makeApp({ title: 'Short-lived' });
    const orphan = await createPost({ appId: other.id });
    await ok(autosave('post', orphan.id, { title: 'Orphan' }, orphan.version, admin));
    await ok(send('DELETE', api.app(other.id)));
    expect(
      await ctx.database.db
        .select()
        .from(drafts)
        .where(eq(drafts.itemKey, String(orphan.id))),
    ).toEqual([]);
  });
});

describe('autosave of a page', () => {
  it.each(['about', 'privacy', 'home'] as const)(
    '%s: keyed main, from its version (0 before it is first written), never applied, dropped by a save',
    async (kind) => {
      const before = await ok<{ version: number } | null>(get(PAGES[kind].url));
      const version = before?.version ?? 0;
      expectError(await autosave(kind, 'main', { draft: true }, version + 1), 409, 'CONFLICT');
      await ok(autosave(kind, 'main', { draft: 'unsaved words' }, version));
      await ok(autosave(kind, 'main', { draft: 'the admin’s' }, version, admin));
      expect(await ok(get(PAGES[kind].url))).toEqual(before);

      const saved = await ok<{ version: number }>(savePage(kind));
      expect(saved.version).toBe(version + 1);
      expect(await draftOf(kind, 'main')).toBeNull();
      expect((await draftOf(kind, 'main', admin))!.data).toEqual({ draft: 'the admin’s' });
      // The admin's draft began from the old version: autosaving it again is refused, with the page now.
      const conflict = expectError(await autosave(kind, 'main', { draft: 'again' }, version, admin), 409, 'CONFLICT');
      expect(conflict.current).toEqual(saved);
      await ok(dropDraft(kind, 'main', admin));
    },
  );

  it('a page has one draft key: main', async () => {
    for (const key of ['new', '1', String(MISSING_ID)]) {
      expectError(await autosave('about', key, { draft: true }, 0), 404, 'NOT_FOUND');
    }
    expect(await ctx.database.db.select().from(drafts).where(eq(drafts.kind, 'about'))).toEqual([]);
  });

  it('a page save from an older version is refused with the page now; a save without a version works', async () => {
    const first = await ok<{ version: number; title: string }>(savePage('about', { title: 'Version A' }));
    const second = await ok<{ version: number }>(savePage('about', { title: 'Version B', version: first.version }));
    expect(second.version).toBe(first.version + 1);
    const stale = expectError(await savePage('about', { title: 'Version C', version: first.version }), 409, 'CONFLICT');
    expect(stale.current).toEqual(second);
    expect((await ok<{ title: string }>(get(api.aboutUs))).title).toBe('Version B');
    const spec = await ok<{ version: number; title: string }>(savePage('about', { title: 'Spec client' }));
    expect(spec).toMatchObject({ title: 'Spec client', version: second.version + 1 });

    for (const kind of ['privacy', 'home'] as const) {
      const now = await ok<{ version: number }>(savePage(kind));
      expectError(await savePage(kind, { version: now.version - 1 }), 409, 'CONFLICT');
      expect((await ok<{ version: number }>(savePage(kind, { version: now.version }))).version).toBe(now.version + 1);
    }
  });
});

describe('the drafts API', () => {
  it('is for staff only (401 signed out)', async () => {
    expectError(await readDraft('post', 'new', null), 401, 'UNAUTHENTICATED');
    expectError(
      await send('PUT', api.draft('post', 'new'), { data: {}, baseVersion: 0 }, null),
      401,
      'UNAUTHENTICATED',
    );
    expectError(await dropDraft('post', 'new', null), 401, 'UNAUTHENTICATED');
  });

  it('refuses an unknown editor or item key (400) and a malformed body (422)', async () => {
    for (const [kind, key] of [
      ['posts', 'new'],
      ['contact', 'main'],
      ['post', 'abc'],
      ['post', '0'],
      ['post', '-1'],
      ['post', '99999999999'],
      ['about', 'MAIN'],
    ]) {
      expectError(await readDraft(kind!, key!), 400, 'BAD_REQUEST');
      expectError(await autosave(kind!, key!, {}, 0), 400, 'BAD_REQUEST');
    }
    for (const body of [
      { data: {} },
      { data: [], baseVersion: 0 },
      { data: 'text', baseVersion: 0 },
      { data: {}, baseVersion: -1 },
      { data: {}, baseVersion: 1.5 },
      { data: {}, baseVersion: '0' },
      { baseVersion: 0 },
    ]) {
      expectError(await send('PUT', api.draft('post', 'new'), body), 422, 'VALIDATION_FAILED');
    }
  });

  it('refuses a draft larger than the limit', async () => {
    const huge = { content: 'x'.repeat(DRAFT_MAX_BYTES) };
    const res = await autosave('post', 'new', huge, 0);
    expect([413, 422]).toContain(res.statusCode);
    expect(await draftOf('post', 'new')).toBeNull();
  });
});

describe('autosave of a translation (issue 24)', () => {
  const saveTranslation = (key: string, body: Record<string, unknown>, cookie = editor) => {
    const [type, item, locale] = key.split('~') as [string, string, string];
    return send('PUT', api.translation(type, item, locale), body, cookie);
  };

  it('is kept per item and language, refused once the translation moved on, and dropped by its author’s save', async () => {
    await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de', 'fr'] }, admin));
    const de = translationDraftKey('app', String(appId), 'de');
    const fr = translationDraftKey('app', String(appId), 'fr');
    // Not yet translated: version 0, as a new post.
    await ok(autosave('translation', de, { fields: { title: 'Alpha Abenteuer' } }, 0));
    await ok(autosave('translation', fr, { fields: { title: 'Alpha Aventure' } }, 0));
    expect((await draftOf('translation', de))!.data).toEqual({ fields: { title: 'Alpha Abenteuer' } });

    // Someone saves the German: the autosave from before is refused with the translation now.
    const saved = await ok<{ version: number }>(saveTranslation(de, { fields: { title: 'Alpha Quest DE' } }, admin));
    const stale = await autosave('translation', de, { fields: { title: 'Alpha Abenteuer!' } }, 0);
    expectError(stale, 409, 'CONFLICT');
    expect(JSON.parse(stale.body).current).toMatchObject({ locale: 'de', fields: { title: 'Alpha Quest DE' } });
    await ok(autosave('translation', de, { fields: { title: 'Alpha Abenteuer!' } }, saved.version));

    // The author's save of the German drops their German draft only.
    await ok(saveTranslation(de, { fields: { title: 'Alpha Abenteuer!' }, version: saved.version }));
    expect(await draftOf('translation', de)).toBeNull();
    expect(await draftOf('translation', fr)).not.toBeNull();
    await ok(dropDraft('translation', fr));
  });

  it('names a translation by type~item~locale; anything else is unknown', async () => {
    expectError(await readDraft('translation', 'app~1'), 400, 'BAD_REQUEST');
    expectError(await autosave('translation', 'app~1~de~x', {}, 0), 400, 'BAD_REQUEST');
    expectError(await autosave('translation', 'blog~1~de', {}, 0), 404, 'NOT_FOUND');
  });
});

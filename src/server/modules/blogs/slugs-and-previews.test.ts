// Issue 12's readable URLs and shared drafts: slugs made from titles (unique, editable), the post's
// search and link-preview fields, and secret preview links that expire, can be revoked and are
// stored only as a hash.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, paths } from '../../../shared/paths';
import {
  INVALID_SLUG,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SLUG_TAKEN,
  type BlogPost,
} from '../../../shared/schemas/blog-posts';
import type { NewPreviewLink, PreviewLink } from '../../../shared/schemas/preview-links';
import { PREVIEW_LINK_DAYS } from '../../../shared/schemas/preview-links';
import { SLUG_MAX } from '../../../shared/slug';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { postInput, postSave } from '../../../../tests/factories';
import { fixedClock } from '../../../../tests/setup/clock';
import { login, useStaffApp } from '../../../../tests/setup/test-app';
import { previewLinks } from '../../db/schema';

const DAY_MS = 86_400_000;
const MISSING_ID = 2_147_483_647;

const ctx = useStaffApp({ siteUrl: 'https://studio.example' }, { clock: fixedClock() });
let appId: number;

beforeAll(async () => {
  appId = (await ctx.make.makeApp({ title: 'Alpha Quest' })).id;
});

const { get, send } = ctx;

const postBody = (overrides: Record<string, unknown> = {}) => postInput(appId, { title: 'Patch notes', ...overrides });
const create = (overrides: Record<string, unknown> = {}) => send('POST', api.adminBlogs, postBody(overrides));
const createPost = async (overrides: Record<string, unknown> = {}) => ok<BlogPost>(create(overrides), 201);
/** A save as the form makes it: the post's spec fields, with the given changes. */
const update = (post: BlogPost, overrides: Record<string, unknown> = {}) =>
  send('PUT', api.adminBlog(post.id), postSave(post, overrides));

describe('slugs', () => {
  it('are made from the title, accents folded and punctuation dropped', async () => {
    expect((await createPost({ title: 'Déjà Vu!' })).slug).toBe('deja-vu');
    expect((await createPost({ title: '  Crème brûlée: Patch 1.2 — über edition  ' })).slug).toBe(
      'creme-brulee-patch-1-2-uber-edition',
    );
    // A title with no letter or digit still gives a usable slug.
    expect((await createPost({ title: '!!!' })).slug).toMatch(/^post(-\d+)?$/);
  });

  it('are unique: the same title again gets -2, -3', async () => {
    const first = await createPost({ title: 'Same title' });
    const second = await createPost({ title: 'Same title' });
    const third = await createPost({ title: 'Same Title?' });
    expect([first.slug, second.slug, third.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
  });

  it('stay unique when posts with one title are created at once', async () => {
    const replies = await Promise.all(Array.from({ length: 6 }, () => create({ title: 'Launch day' })));
    for (const res of replies) expect(res.statusCode, res.body).toBe(201);
    const slugs = replies.map((res) => (res.json() as BlogPost).slug).sort();
    expect(new Set(slugs).size).toBe(6);
    expect(slugs).toContain('launch-day');
  });

  it('are capped in length without a trailing hyphen', async () => {
    const post = await createPost({ title: `${'word '.repeat(30)}end` });
    expect(post.slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(post.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('can be written by staff, on create and on update', async () => {
    const post = await createPost({ title: 'Written slug', slug: 'my-own-slug' });
    expect(post.slug).toBe('my-own-slug');
    const renamed = await ok<BlogPost>(update(post, { slug: 'another-slug-2' }));
    expect(renamed.slug).toBe('another-slug-2');
    // Its own slug is not "taken".
    expect((await ok<BlogPost>(update(renamed, { slug: 'another-slug-2', title: 'Changed' }))).slug).toBe(
      'another-slug-2',
    );
    // Spaces around it are trimmed.
    expect((await ok<BlogPost>(update(renamed, { slug: '  trimmed-slug ' }))).slug).toBe('trimmed-slug');
  });

  it('refuses a slug another post has (422 on slug, with its message)', async () => {
    const taken = await createPost({ title: 'Owner', slug: 'the-taken-one' });
    expectInvalid(await create({ slug: taken.slug }), 'slug', SLUG_TAKEN);
    const other = await createPost({ title: 'Other' });
    const res = await update(other, { slug: taken.slug });
    expect(expectInvalid(res, 'slug', SLUG_TAKEN).message).toBe(SLUG_TAKEN);
    expect((await ok<BlogPost>(get(api.blog(other.id), ctx.editor))).slug).toBe(other.slug);
  });

  it('refuses characters a URL segment should not have, and too long a slug', async () => {
    for (const slug of [
      'Upper-Case',
      'with space',
      'double--hyphen',
      '-leading',
      'trailing-',
      'ünïcode',
      'a/b',
      'dot.s',
    ]) {
      expectInvalid(await create({ slug }), 'slug', INVALID_SLUG);
    }
    expectInvalid(await create({ slug: 'a'.repeat(SLUG_MAX + 1) }), 'slug');
    expectInvalid(await create({ slug: 42 }), 'slug');
  });

  it('an empty slug makes one from the title again; leaving it out keeps the current one', async () => {
    const post = await createPost({ title: 'First title', slug: 'custom-one' });
    const kept = await ok<BlogPost>(update(post, { title: 'Second title' }));
    expect(kept.slug).toBe('custom-one');
    const regenerated = await ok<BlogPost>(update(kept, { slug: '' }));
    expect(regenerated.slug).toBe('second-title');
    // On create, empty is the same as none.
    expect((await createPost({ title: 'Empty on create', slug: '' })).slug).toBe('empty-on-create');
  });
});

describe('search and link-preview fields', () => {
  const seo = {
    excerpt: 'A short summary for lists.',
    seoTitle: 'Patch 1.2 notes | Alpha Quest',
    seoDescription: 'Everything that changed in patch 1.2.',
    shareImage: 'https://example.com/share.png',
  };

  it('are stored and answered; leaving them out of an update keeps them', async () => {
    const post = await createPost(seo);
    expect(post).toMatchObject(seo);
    const kept = await ok<BlogPost>(update(post, { title: 'Renamed' }));
    expect(kept).toMatchObject({ ...seo, title: 'Renamed' });
    expect(await ok<BlogPost>(get(api.blog(post.id), ctx.editor))).toMatchObject(seo);
  });

  it('default to empty, and can be changed or cleared', async () => {
    const plain = await createPost();
    expect(plain).toMatchObject({ excerpt: '', seoTitle: '', seoDescription: '', shareImage: null });
    const changed = await ok<BlogPost>(update(plain, { ...seo, seoTitle: '  Padded  ' }));
    expect(changed).toMatchObject({ ...seo, seoTitle: 'Padded' });
    const cleared = await ok<BlogPost>(
      update(changed, { excerpt: '', seoTitle: '', seoDescription: '', shareImage: '' }),
    );
    expect(cleared).toMatchObject({ excerpt: '', seoTitle: '', seoDescription: '', shareImage: null });
    const withImage = await ok<BlogPost>(update(cleared, { shareImage: '/media/demo/shot-1.svg' }));
    expect(withImage.shareImage).toBe('/media/demo/shot-1.svg');
    expect((await ok<BlogPost>(update(withImage, { shareImage: null }))).shareImage).toBeNull();
  });

  it('are limited in length (422 on the field)', async () => {
    expectInvalid(await create({ seoTitle: 'x'.repeat(SEO_TITLE_MAX + 1) }), 'seoTitle');
    expectInvalid(await create({ seoDescription: 'x'.repeat(SEO_DESCRIPTION_MAX + 1) }), 'seoDescription');
    expectInvalid(await create({ excerpt: 'x'.repeat(SEO_DESCRIPTION_MAX + 1) }), 'excerpt');
    expectInvalid(await create({ shareImage: 'javascript:alert(1)' }), 'shareImage');
    expectInvalid(await create({ shareImage: 'not a url' }), 'shareImage');
    // At the limit is fine.
    const post = await createPost({
      seoTitle: 'x'.repeat(SEO_TITLE_MAX),
      seoDescription: 'y'.repeat(SEO_DESCRIPTION_MAX),
      excerpt: 'z'.repeat(SEO_DESCRIPTION_MAX),
    });
    expect(post.seoTitle).toHaveLength(SEO_TITLE_MAX);
    expectInvalid(await update(post, { seoTitle: 'x'.repeat(SEO_TITLE_MAX + 1) }), 'seoTitle');
  });
});

describe('preview links', () => {
  const createLink = (postId: number, cookie: string | null = ctx.editor) =>
    send('POST', api.previewLink(postId), undefined, cookie);
  const tokenOf = (link: NewPreviewLink) => link.url.slice(link.url.lastIndexOf('/') + 1);

  it('are made for a post: a secret URL on the site, valid for a week', async () => {
    const post = await createPost({ title: 'Secret draft' });
    const link = await ok<NewPreviewLink>(createLink(post.id), 201);
    expect(Object.keys(link).sort()).toEqual(['createdAt', 'createdBy', 'expiresAt', 'id', 'locale', 'url']);
    expect(link.locale).toBeNull();
    expect(link.url).toMatch(/^https:\/\/studio\.example\/preview\/[0-9a-f]{64}$/);
    expect(link.url).toBe(`https://studio.example${paths.preview(tokenOf(link))}`);
    expect(link.createdBy).toBe('editor');
    expect(link.createdAt).toBe(ctx.clock.now().toISOString());
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(PREVIEW_LINK_DAYS * DAY_MS);
    // Every link has its own secret.
    const second = await ok<NewPreviewLink>(createLink(post.id, ctx.admin), 201);
    expect(tokenOf(second)).not.toBe(tokenOf(link));
    expect(second.createdBy).toBe('admin');
  });

  it('open the draft to anyone, without signing in, while visitors still cannot see it', async () => {
    const post = await createPost({ title: 'Unreleased', content: '<p>Coming soon.</p>' });
    const link = await ok<NewPreviewLink>(createLink(post.id), 201);
    expectError(await get(api.blog(post.id)), 404, 'NOT_FOUND');
    const shown = await ok<BlogPost>(get(api.preview(tokenOf(link))));
    expect(shown).toMatchObject({ id: post.id, title: 'Unreleased', isPublished: false });
    // It shows the draft as it is now, after later edits.
    await ok(update(post, { title: 'Unreleased, edited' }));
    expect((await ok<BlogPost>(get(api.preview(tokenOf(link))))).title).toBe('Unreleased, edited');
  });

  it('answer 404 for a token no link has, and 404 for one that is not a token', async () => {
    expectError(await get(api.preview('a'.repeat(64))), 404, 'NOT_FOUND');
    for (const bad of ['abc', 'A'.repeat(64), 'g'.repeat(64), 'a'.repeat(65)]) {
      const res = await get(api.preview(bad));
      expect([400, 404, 422], res.body).toContain(res.statusCode);
      expect(res.statusCode).not.toBe(200);
    }
  });

  it('expire after seven days', async () => {
    const post = await createPost({ title: 'Expiring' });
    const link = await ok<NewPreviewLink>(createLink(post.id), 201);
    ctx.clock.advance(PREVIEW_LINK_DAYS * DAY_MS - 60_000);
    expect((await get(api.preview(tokenOf(link)))).statusCode).toBe(200);
    ctx.clock.advance(2 * 60_000);
    expectError(await get(api.preview(tokenOf(link))), 404, 'NOT_FOUND');
    // Staff sessions expire by the same clock: sign in again for what follows.
    ctx.editor = await login(ctx.app, 'editor', 'editor-pass');
    ctx.admin = await login(ctx.app, 'admin', 'admin-pass');
    expect(await ok<PreviewLink[]>(get(api.previewLinks(post.id), ctx.editor))).toEqual([]);
  });

  it('can be revoked: the link stops opening; revoking twice or another post’s link is 404', async () => {
    const post = await createPost({ title: 'Revocable' });
    const other = await createPost({ title: 'Other post' });
    const link = await ok<NewPreviewLink>(createLink(post.id), 201);
    const kept = await ok<NewPreviewLink>(createLink(post.id), 201);
    expectError(await send('DELETE', api.revokePreviewLink(other.id, link.id)), 404, 'NOT_FOUND');
    expect((await get(api.preview(tokenOf(link)))).statusCode).toBe(200);

    expect(await ok(send('DELETE', api.revokePreviewLink(post.id, link.id)))).toEqual({ success: true });
    expectError(await get(api.preview(tokenOf(link))), 404, 'NOT_FOUND');
    expect((await get(api.preview(tokenOf(kept)))).statusCode).toBe(200);
    expectError(await send('DELETE', api.revokePreviewLink(post.id, link.id)), 404, 'NOT_FOUND');
    expectError(await send('DELETE', api.revokePreviewLink(post.id, MISSING_ID)), 404, 'NOT_FOUND');
  });

  it('are listed per post, only those that still open, newest first, without their secret', async () => {
    const post = await createPost({ title: 'Listed' });
    const other = await createPost({ title: 'Not listed' });
    const a = await ok<NewPreviewLink>(createLink(post.id), 201);
    const b = await ok<NewPreviewLink>(createLink(post.id, ctx.admin), 201);
    const c = await ok<NewPreviewLink>(createLink(post.id), 201);
    await ok<NewPreviewLink>(createLink(other.id), 201);
    await ok(send('DELETE', api.revokePreviewLink(post.id, b.id)));

    const list = await ok<PreviewLink[]>(get(api.previewLinks(post.id), ctx.editor));
    expect(list.map((l) => l.id)).toEqual([c.id, a.id]);
    for (const item of list)
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'createdBy', 'expiresAt', 'id', 'locale']);
    expect(list[1]).toEqual({
      id: a.id,
      createdAt: a.createdAt,
      expiresAt: a.expiresAt,
      createdBy: 'editor',
      locale: null,
    });
    expect(JSON.stringify(list)).not.toContain(tokenOf(a));
  });

  it('are kept as a hash only: the database holds no token', async () => {
    const post = await createPost({ title: 'Hashed' });
    const link = await ok<NewPreviewLink>(createLink(post.id), 201);
    const rows = await ctx.database.db.select().from(previewLinks).where(eq(previewLinks.id, link.id));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(tokenOf(link));
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toBe(tokenOf(link));
  });

  it('end with their post', async () => {
    const post = await createPost({ title: 'Deleted later' });
    const link = await ok<NewPreviewLink>(createLink(post.id), 201);
    await ok(send('DELETE', api.adminBlog(post.id)));
    expectError(await get(api.preview(tokenOf(link))), 404, 'NOT_FOUND');
  });

  it('of a post that does not exist are 404', async () => {
    expectError(await createLink(MISSING_ID), 404, 'NOT_FOUND');
    expectError(await get(api.previewLinks(MISSING_ID), ctx.editor), 404, 'NOT_FOUND');
    expectError(await send('DELETE', api.revokePreviewLink(MISSING_ID, 1)), 404, 'NOT_FOUND');
  });

  it('are staff-only to make, list and revoke (401 signed out)', async () => {
    const post = await createPost({ title: 'Guarded' });
    const link = await ok<NewPreviewLink>(createLink(post.id), 201);
    expectError(await createLink(post.id, null), 401, 'UNAUTHENTICATED');
    expectError(await get(api.previewLinks(post.id)), 401, 'UNAUTHENTICATED');
    expectError(await send('DELETE', api.revokePreviewLink(post.id, link.id), undefined, null), 401, 'UNAUTHENTICATED');
    expect((await get(api.preview(tokenOf(link)))).statusCode).toBe(200);
  });
});

// Issue 24 (items 7): each language's translation keeps its own history — every save, publication,
// unpublication, schedule and restore — listed, read and restored as any revision; a restore saves
// the old text as a new version of that language only. And a post's preview link made for a
// language shows its translation's draft, in that language, until it expires or is revoked.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, paths } from '../../../shared/paths';
import type { BlogPost, PreviewPost } from '../../../shared/schemas/blog-posts';
import { PREVIEW_LINK_DAYS, type NewPreviewLink, type PreviewLink } from '../../../shared/schemas/preview-links';
import type { Revision, RevisionSummary } from '../../../shared/schemas/revisions';
import type { ItemTranslations, Translation } from '../../../shared/schemas/translations';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { fixedClock } from '../../../../tests/setup/clock';
import { login, useStaffApp } from '../../../../tests/setup/test-app';
import { postFields } from '../../../../tests/setup/translations';
import { revisions } from '../../db/schema';
import { productionWeb } from '../../ssr/web';

const ctx = useStaffApp({ siteUrl: 'https://studio.example' }, { clock: fixedClock(), web: productionWeb() });
const { get, send } = ctx;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const put = (id: number, locale: string, body: object) =>
  ok<Translation>(send('PUT', api.translation('post', id, locale), body));
const history = (id: number, locale: string) =>
  ok<RevisionSummary[]>(get(api.translationRevisions('post', id, locale), ctx.editor));

let appId: number;

beforeAll(async () => {
  await ctx.app.scheduler.stop();
  await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de', 'fr'] }, ctx.admin));
  appId = (await ctx.make.makeApp({ title: 'Lantern' })).id;
});

const makePost = async (title: string, isPublished = true) =>
  (await ctx.make.makePost(appId, { title, isPublished })).id;

describe('a translation’s history', () => {
  it('keeps every save, publication, unpublication and schedule, per language', async () => {
    const postId = await makePost('Patch notes');
    const v1 = await put(postId, 'de', { fields: postFields('Patchnotizen') });
    const v2 = await put(postId, 'de', {
      fields: postFields('Patchnotizen 2'),
      isPublished: true,
      version: v1.version,
    });
    const v3 = await put(postId, 'de', {
      fields: postFields('Patchnotizen 2'),
      isPublished: false,
      version: v2.version,
    });
    const at = new Date(ctx.clock.now().getTime() + HOUR_MS).toISOString();
    await put(postId, 'de', { fields: postFields('Patchnotizen 3'), publishAt: at, version: v3.version });
    await put(postId, 'fr', { fields: postFields('Notes de version') });

    const de = await history(postId, 'de');
    expect(de.map((r) => [r.version, r.reason, r.author])).toEqual([
      [4, 'schedule', 'editor'],
      [3, 'unpublish', 'editor'],
      [2, 'publish', 'editor'],
      [1, 'save', 'editor'],
    ]);
    // Each language has its own.
    expect((await history(postId, 'fr')).map((r) => r.version)).toEqual([1]);
    // The item's own history is not theirs.
    expect(await ok<RevisionSummary[]>(get(api.revisions('post', postId), ctx.editor))).not.toContainEqual(
      expect.objectContaining({ id: de[0]!.id }),
    );

    // One revision whole: the text, its language and item.
    const revision = await ok<Revision>(get(api.revision(de[2]!.id), ctx.editor));
    expect(revision).toMatchObject({
      kind: 'translation',
      version: 2,
      translation: { type: 'post', item: String(postId), locale: 'de' },
      data: { title: 'Patchnotizen 2', slug: 'patchnotizen-2', isPublished: true },
    });

    // The scheduled publication keeps one too, by the scheduler.
    ctx.clock.advance(HOUR_MS + 1000);
    await ctx.app.deps.repos.translations.publishDue();
    const after = await history(postId, 'de');
    expect(after[0]).toMatchObject({ version: 5, reason: 'scheduled publish', author: null });
    ctx.editor = await login(ctx.app, 'editor', 'editor-pass');
    ctx.admin = await login(ctx.app, 'admin', 'admin-pass');
  });

  it('restores only that language: a new version with the old text, its state kept, others untouched', async () => {
    const postId = await makePost('Launch day');
    const first = await put(postId, 'de', { fields: postFields('Starttag'), isPublished: true });
    const second = await put(postId, 'de', {
      fields: postFields('Starttag, neu'),
      isPublished: true,
      version: first.version,
    });
    const fr = await put(postId, 'fr', { fields: postFields('Jour de lancement') });
    const older = (await history(postId, 'de')).find((r) => r.version === 1)!;

    const restored = await ok<Translation>(send('POST', api.restoreRevision(older.id)));
    expect(restored).toMatchObject({ locale: 'de', version: 3, status: 'published' });
    expect(restored.fields.title).toBe('Starttag');
    expect((await history(postId, 'de'))[0]).toMatchObject({ version: 3, reason: 'restore', author: 'editor' });

    // Only German changed: French and the post itself are as they were.
    const all = await ok<ItemTranslations>(get(api.itemTranslations('post', postId), ctx.editor));
    expect(all.source.title).toBe('Launch day');
    const french = all.translations.find((t) => t.locale === 'fr')!;
    expect(french).toMatchObject({ version: fr.version, status: 'draft' });
    expect(french.fields.title).toBe('Jour de lancement');
    expect((await ok<BlogPost>(get(api.blog(postId)))).title).toBe('Launch day');
    expect((await ok<BlogPost>(get(`${api.blog(postId)}?locale=de`))).title).toBe('Starttag');

    // A save from before the restore is refused with the current translation (409), like any editor's.
    const stale = await send('PUT', api.translation('post', postId, 'de'), {
      fields: postFields('Veraltet'),
      isPublished: true,
      version: second.version,
    });
    expectError(stale, 409, 'CONFLICT');
  });

  it('is staff-only, 404 for an item that does not exist, and ends with the translation', async () => {
    const postId = await makePost('Short lived');
    await put(postId, 'de', { fields: postFields('Kurzlebig') });
    expectError(await get(api.translationRevisions('post', postId, 'de')), 401, 'UNAUTHENTICATED');
    expectError(await get(api.translationRevisions('post', 2_147_483_000, 'de'), ctx.editor), 404, 'NOT_FOUND');
    expect(await history(postId, 'de')).toHaveLength(1);
    await ok(send('DELETE', api.translation('post', postId, 'de')));
    expect(await history(postId, 'de')).toEqual([]);
    // Deleting the post deletes its translations and so their history.
    await put(postId, 'fr', { fields: postFields('Éphémère') });
    await ok(send('DELETE', api.adminBlog(postId)));
    const left = await ctx.database.db
      .select()
      .from(revisions)
      .where(eq(revisions.translationItem, String(postId)));
    expect(left).toEqual([]);
  });
});

describe('a preview link in a language', () => {
  const tokenOf = (link: NewPreviewLink) => link.url.slice(link.url.lastIndexOf('/') + 1);

  it('shows the translation’s draft, written in that language, until revoked', async () => {
    const postId = await makePost('Secret update', false);
    // None before the language has a translation; never into a language the site does not have.
    expectInvalid(await send('POST', api.previewLink(postId, 'de')), 'locale');
    expectInvalid(await send('POST', api.previewLink(postId, 'it')), 'locale');
    await put(postId, 'de', { fields: postFields('Geheimes Update') });

    const link = await ok<NewPreviewLink>(send('POST', api.previewLink(postId, 'de')), 201);
    expect(link).toMatchObject({ locale: 'de', createdBy: 'editor' });
    expect(link.url).toBe(`https://studio.example${paths.preview(tokenOf(link))}`);
    const english = await ok<NewPreviewLink>(send('POST', api.previewLink(postId)), 201);
    // Each language lists its own links.
    expect((await ok<PreviewLink[]>(get(api.previewLinks(postId, 'de'), ctx.editor))).map((l) => l.id)).toEqual([
      link.id,
    ]);
    expect((await ok<PreviewLink[]>(get(api.previewLinks(postId), ctx.editor))).map((l) => l.id)).toEqual([english.id]);

    const shown = await ok<BlogPost>(get(api.preview(tokenOf(link))));
    expect(shown).toMatchObject({ id: postId, title: 'Geheimes Update', contentLocale: 'de', isPublished: false });
    expect((await ok<BlogPost>(get(api.preview(tokenOf(english))))).title).toBe('Secret update');

    const page = await ctx.app.inject({ url: paths.preview(tokenOf(link)) });
    expect(page.statusCode).toBe(200);
    expect(/<html[^>]*>/.exec(page.body)?.[0]).toContain('lang="de"');
    expect(page.body).toContain('Geheimes Update');
    expect(page.body).toContain('Vorschau eines Entwurfs');
    const englishPage = await ctx.app.inject({ url: paths.preview(tokenOf(english)) });
    expect(/<html[^>]*>/.exec(englishPage.body)?.[0]).toContain('lang="en"');
    expect(englishPage.body).toContain('Preview of a draft — not published');

    await ok(send('DELETE', api.revokePreviewLink(postId, link.id)));
    expectError(await get(api.preview(tokenOf(link))), 404, 'NOT_FOUND');
    expect((await get(api.preview(tokenOf(english)))).statusCode).toBe(200);
  });

  it('names the post’s app in that language: its published translation, else its saved one, else its own name', async () => {
    const cases = [
      { title: 'Glowing Lantern', german: { title: 'Leuchtende Laterne', isPublished: true } },
      { title: 'River Song', german: { title: 'Flusslied', isPublished: false } },
      { title: 'Quiet Notes', german: null },
    ];
    for (const { title, german } of cases) {
      const app = await ctx.make.makeApp({ title });
      if (german) {
        const fields = { title: german.title, description: 'Ein Spiel.', tagline: '', longDescription: '' };
        await ok(send('PUT', api.translation('app', app.id, 'de'), { fields, isPublished: german.isPublished }));
      }
      const postId = (await ctx.make.makePost(app.id, { title: 'Coming soon', isPublished: false })).id;
      await put(postId, 'de', { fields: postFields('Bald verfügbar') });
      const link = await ok<NewPreviewLink>(send('POST', api.previewLink(postId, 'de')), 201);
      const english = await ok<NewPreviewLink>(send('POST', api.previewLink(postId)), 201);

      const name = german?.title ?? title;
      // Anyone with the link, signed out.
      expect(await ok<PreviewPost>(get(api.preview(tokenOf(link))))).toMatchObject({
        contentLocale: 'de',
        appTitle: name,
      });
      expect((await ok<PreviewPost>(get(api.preview(tokenOf(english))))).appTitle).toBe(title);
      const page = await ctx.app.inject({ url: paths.preview(tokenOf(link)) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<span class="font-semibold">${name}</span>`);
      if (german) expect(page.body).not.toContain(title);
      const englishPage = await ctx.app.inject({ url: paths.preview(tokenOf(english)) });
      expect(englishPage.body).toContain(`<span class="font-semibold">${title}</span>`);
      if (german) expect(englishPage.body).not.toContain(german.title);
    }
    // A hidden app is named to staff only, as its page is.
    const hidden = await ctx.make.makeApp({ title: 'Secret Garden', isHidden: true });
    const postId = (await ctx.make.makePost(hidden.id, { title: 'Coming soon', isPublished: false })).id;
    const link = await ok<NewPreviewLink>(send('POST', api.previewLink(postId)), 201);
    expect((await ok<PreviewPost>(get(api.preview(tokenOf(link))))).appTitle).toBeNull();
    expect((await ok<PreviewPost>(get(api.preview(tokenOf(link)), ctx.editor))).appTitle).toBe('Secret Garden');
  });

  it('expires after seven days, and ends with its translation', async () => {
    const postId = await makePost('Timed', false);
    await put(postId, 'de', { fields: postFields('Befristet') });
    const link = await ok<NewPreviewLink>(send('POST', api.previewLink(postId, 'de')), 201);
    const kept = await ok<NewPreviewLink>(send('POST', api.previewLink(postId, 'de')), 201);
    await ok(send('DELETE', api.translation('post', postId, 'de')));
    expectError(await get(api.preview(tokenOf(kept))), 404, 'NOT_FOUND');
    await put(postId, 'de', { fields: postFields('Befristet, neu') });
    expect((await ok<BlogPost>(get(api.preview(tokenOf(link))))).title).toBe('Befristet, neu');
    ctx.clock.advance(PREVIEW_LINK_DAYS * DAY_MS + 60_000);
    expectError(await get(api.preview(tokenOf(link))), 404, 'NOT_FOUND');
    ctx.editor = await login(ctx.app, 'editor', 'editor-pass');
  });
});

// Issue 24: the site's languages and each item's translations through the admin API: every language
// saved, published, scheduled and deleted on its own (Payload's bugs #7211, #14672 and #11373 as
// regression cases), slugs unique within a language, versions, access and the audit log.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type { ItemTranslations, Translation } from '../../../shared/schemas/translations';
import type { SiteSettings } from '../../../shared/schemas/site-settings';
import { expectError, expectInvalid, ok } from '../../../../tests/setup/api';
import { fixedClock } from '../../../../tests/setup/clock';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { postFields } from '../../../../tests/setup/translations';
import { auditLog, translations } from '../../db/schema';

const ctx = useStaffApp({}, { clock: fixedClock() });
const { get, send } = ctx;

const HOUR_MS = 3_600_000;
const put = (type: string, id: string | number, locale: string, body: object, cookie = ctx.editor) =>
  send('PUT', api.translation(type, id, locale), body, cookie);

let appId: number;
let postId: number;

beforeAll(async () => {
  await ctx.app.scheduler.stop();
  await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de', 'fr', 'pt-br'] }, ctx.admin));
  appId = (await ctx.make.makeApp({ title: 'Lantern Test' })).id;
  postId = (await ctx.make.makePost(appId, { title: 'Patch notes', isPublished: true })).id;
});

describe('the site’s languages', () => {
  it('are listed in the public settings, the default first, with names and direction', async () => {
    const settings = await ok<SiteSettings>(get(api.siteSettings));
    expect(settings.locales).toEqual([
      { code: 'en', name: 'English', isDefault: true, dir: 'ltr' },
      { code: 'de', name: 'Deutsch', isDefault: false, dir: 'ltr' },
      { code: 'fr', name: 'Français', isDefault: false, dir: 'ltr' },
      { code: 'pt-BR', name: 'Português (Brasil)', isDefault: false, dir: 'ltr' },
    ]);
  });

  it('are set by administrators only, from the known tags, and audited', async () => {
    expectError(await send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }), 403, 'FORBIDDEN');
    expectInvalid(await send('PUT', api.locales, { defaultLocale: 'en', locales: ['xx-YY'] }, ctx.admin), 'locales.0');
    const rtl = await ok<{ locales: SiteSettings['locales'] }>(
      send('PUT', api.locales, { defaultLocale: 'en', locales: ['de', 'fr', 'pt-BR', 'ar', 'en'] }, ctx.admin),
    );
    expect(rtl.locales.map((l) => l.code)).toEqual(['en', 'de', 'fr', 'pt-BR', 'ar']);
    expect(rtl.locales.find((l) => l.code === 'ar')?.dir).toBe('rtl');
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, 'locales'));
    expect(entries.at(-1)).toMatchObject({ action: 'settings.update', actorName: 'admin' });
    await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de', 'fr', 'pt-BR'] }, ctx.admin));
  });
});

describe('translations of an item', () => {
  it('lists the default text beside every language, missing until written', async () => {
    const all = await ok<ItemTranslations>(get(api.itemTranslations('post', postId), ctx.editor));
    expect(all).toMatchObject({ type: 'post', item: String(postId), defaultLocale: 'en', label: 'Patch notes' });
    expect(all.source.title).toBe('Patch notes');
    expect(all.translations.map((t) => [t.locale, t.status])).toEqual([
      ['de', 'missing'],
      ['fr', 'missing'],
      ['pt-BR', 'missing'],
    ]);
    expectError(await get(api.itemTranslations('post', postId)), 401, 'UNAUTHENTICATED');
    expectError(await get(api.itemTranslations('post', 2_147_483_000), ctx.editor), 404, 'NOT_FOUND');
    expectError(await get(api.itemTranslations('page', 'nowhere'), ctx.editor), 404, 'NOT_FOUND');
  });

  it('publishing one language never publishes another (payload#7211), deleting one leaves the others', async () => {
    const de = await ok<Translation>(
      put('post', postId, 'de', { fields: postFields('Patchnotizen'), isPublished: true }),
    );
    expect(de).toMatchObject({ status: 'published', slug: 'patchnotizen', version: 1 });
    const fr = await ok<Translation>(put('post', postId, 'fr', { fields: postFields('Notes de version') }));
    expect(fr.status).toBe('draft');

    const all = await ok<ItemTranslations>(get(api.itemTranslations('post', postId), ctx.editor));
    expect(all.translations.map((t) => [t.locale, t.status])).toEqual([
      ['de', 'published'],
      ['fr', 'draft'],
      ['pt-BR', 'missing'],
    ]);

    await ok(send('DELETE', api.translation('post', postId, 'fr')));
    const after = await ok<ItemTranslations>(get(api.itemTranslations('post', postId), ctx.editor));
    expect(after.translations.map((t) => [t.locale, t.status])).toEqual([
      ['de', 'published'],
      ['fr', 'missing'],
      ['pt-BR', 'missing'],
    ]);
    expectError(await send('DELETE', api.translation('post', postId, 'fr')), 404, 'NOT_FOUND');
  });

  it('unpublishing one language leaves the others published', async () => {
    const id = (await ctx.make.makePost(appId, { title: 'Two languages', isPublished: true })).id;
    await ok(put('post', id, 'de', { fields: postFields('Zwei Sprachen'), isPublished: true }));
    const pt = await ok<Translation>(
      put('post', id, 'pt-BR', { fields: postFields('Duas línguas'), isPublished: true }),
    );
    await ok(put('post', id, 'pt-BR', { fields: postFields('Duas línguas'), isPublished: false, version: pt.version }));
    const all = await ok<ItemTranslations>(get(api.itemTranslations('post', id), ctx.editor));
    expect(Object.fromEntries(all.translations.map((t) => [t.locale, t.status]))).toMatchObject({
      de: 'published',
      'pt-BR': 'draft',
    });
  });

  it('refuses a save over a newer version with the current translation', async () => {
    const id = (await ctx.make.makePost(appId, { title: 'Versions' })).id;
    const first = await ok<Translation>(put('post', id, 'de', { fields: postFields('Versionen') }));
    await ok(put('post', id, 'de', { fields: postFields('Versionen 2'), version: first.version }));
    const res = await put('post', id, 'de', { fields: postFields('Versionen alt'), version: first.version });
    const body = expectError(res, 409, 'CONFLICT');
    expect((body as unknown as { current: Translation }).current.fields.title).toBe('Versionen 2');
  });

  it('keeps slugs unique within a language, and lets languages share one (payload#11373)', async () => {
    const a = (await ctx.make.makePost(appId, { title: 'Slug A' })).id;
    const b = (await ctx.make.makePost(appId, { title: 'Slug B' })).id;
    const deA = await ok<Translation>(put('post', a, 'de', { fields: postFields('Neuigkeiten'), slug: 'neuigkeiten' }));
    expect(deA.slug).toBe('neuigkeiten');
    expectInvalid(await put('post', b, 'de', { fields: postFields('Neuigkeiten'), slug: 'neuigkeiten' }), 'slug');
    const deB = await ok<Translation>(put('post', b, 'de', { fields: postFields('Neuigkeiten') }));
    expect(deB.slug).toBe('neuigkeiten-2');
    const frB = await ok<Translation>(put('post', b, 'fr', { fields: postFields('Nouvelles'), slug: 'neuigkeiten' }));
    expect(frB.slug).toBe('neuigkeiten');
  });

  it('checks the fields by the item’s own rules: complete to publish, partial as a draft', async () => {
    expectInvalid(await put('post', postId, 'pt-BR', { fields: { title: '' }, isPublished: true }), 'fields.title');
    expectInvalid(await put('post', postId, 'pt-BR', { fields: { title: 'x'.repeat(201) } }), 'fields.title');
    const draft = await ok<Translation>(put('post', postId, 'pt-BR', { fields: { title: 'Só o título' } }));
    expect(draft.fields).toMatchObject({ title: 'Só o título', content: '' });
    // Rich text is sanitised as the item's own.
    const clean = await ok<Translation>(
      put('post', postId, 'pt-BR', {
        fields: { ...postFields('Limpo'), content: '<p>ok<script>alert(1)</script></p>' },
        version: draft.version,
      }),
    );
    expect(clean.fields.content).toBe('<p>ok</p>');
  });

  it('refuses the default language and languages the site does not have', async () => {
    expectInvalid(await put('post', postId, 'en', { fields: postFields('x') }), 'locale');
    expectInvalid(await put('post', postId, 'ja', { fields: postFields('x') }), 'locale');
    expectError(await put('post', postId, 'xx', { fields: postFields('x') }), 400, 'BAD_REQUEST');
  });

  it('marks a translation outdated when the default text changes after it', async () => {
    const post = await ctx.make.makePost(appId, { title: 'Outdated' });
    const de = await ok<Translation>(put('post', post.id, 'de', { fields: postFields('Veraltet') }));
    expect(de.outdated).toBe(false);
    await ok(send('PUT', api.adminBlog(post.id), { ...post, title: 'Outdated, edited', version: post.version }));
    const all = await ok<ItemTranslations>(get(api.itemTranslations('post', post.id), ctx.editor));
    expect(all.translations.find((t) => t.locale === 'de')?.outdated).toBe(true);
    const summary = await ok<{ item: string; locale: string; outdated: boolean }[]>(
      get(api.translations('post'), ctx.editor),
    );
    expect(summary.find((s) => s.item === String(post.id) && s.locale === 'de')?.outdated).toBe(true);
  });

  it('schedules one language on its own, published by the scheduler when its time comes', async () => {
    const id = (await ctx.make.makePost(appId, { title: 'Scheduled', isPublished: true })).id;
    const at = new Date(ctx.clock.now().getTime() + HOUR_MS).toISOString();
    const de = await ok<Translation>(put('post', id, 'de', { fields: postFields('Geplant'), publishAt: at }));
    expect(de.status).toBe('scheduled');
    await ok(put('post', id, 'fr', { fields: postFields('Planifié') }));
    ctx.clock.advance(HOUR_MS + 1);
    await ctx.app.scheduler.runDue();
    const all = await ok<ItemTranslations>(get(api.itemTranslations('post', id), ctx.editor));
    expect(Object.fromEntries(all.translations.map((t) => [t.locale, t.status]))).toMatchObject({
      de: 'published',
      fr: 'draft',
    });
    expectInvalid(
      await put('post', id, 'fr', { fields: postFields('Passé'), publishAt: '2001-01-01T00:00:00Z' }),
      'publishAt',
    );
  });

  it('goes with its item: deleting the app deletes its translations and its posts’ (payload#14672)', async () => {
    const app = await ctx.make.makeApp({ title: 'Short lived' });
    const post = await ctx.make.makePost(app.id, { title: 'Short post' });
    await ok(
      put('app', app.id, 'de', {
        fields: { title: 'Kurzlebig', description: 'Eine App.', tagline: '', longDescription: '' },
        isPublished: true,
      }),
    );
    await ok(put('post', post.id, 'de', { fields: postFields('Kurz') }));
    await ok(send('DELETE', api.app(app.id), undefined, ctx.admin));
    const left = await ctx.database.db
      .select()
      .from(translations)
      .where(and(eq(translations.locale, 'de')));
    expect(left.some((r) => r.item === String(app.id) && r.type === 'app')).toBe(false);
    expect(left.some((r) => r.item === String(post.id) && r.type === 'post')).toBe(false);
  });

  it('translates the studio’s pages and an app’s support page', async () => {
    await ok(
      put('page', 'about', 'de', {
        fields: { title: 'Über uns', content: '<p>Wir machen kleine Spiele.</p>' },
        isPublished: true,
      }),
    );
    const support = await ok<Translation>(
      put('app-page', `${appId}-support`, 'de', {
        fields: { supportIntro: '<p>Hilfe</p>', faq: [{ question: 'Wie?', answer: 'So.' }] },
        isPublished: true,
      }),
    );
    expect(support.fields.faq).toEqual([{ question: 'Wie?', answer: 'So.' }]);
    expectError(await get(api.itemTranslations('app-page', `${appId}-gallery`), ctx.editor), 404, 'NOT_FOUND');
  });

  it('translates press kits and an app’s privacy policy, each language on its own (decision 111)', async () => {
    await ok(send('PUT', api.adminAppPrivacyPolicy(appId), { content: '<p>We keep your scores.</p>' }, ctx.editor));
    await ok(send('PUT', api.adminPressKitStudio, { history: '<p>Founded on a train.</p>' }, ctx.editor));
    const privacy = await ok<ItemTranslations>(get(api.itemTranslations('app-page', `${appId}-privacy`), ctx.editor));
    expect(privacy).toMatchObject({
      label: 'Lantern Test: Privacy Policy',
      source: { content: '<p>We keep your scores.</p>' },
    });
    const studio = await ok<ItemTranslations>(get(api.itemTranslations('page', 'press'), ctx.editor));
    expect(studio).toMatchObject({ label: 'Studio press kit', source: { history: '<p>Founded on a train.</p>' } });
    // Checked by the item's own rules: a published policy needs its text; rich text is sanitised.
    expectInvalid(
      await put('app-page', `${appId}-privacy`, 'de', { fields: { content: '' }, isPublished: true }),
      'fields.content',
    );
    const de = await ok<Translation>(
      put('app-page', `${appId}-press`, 'de', {
        fields: { history: '<p>Im Zug.</p><img src=x onerror=alert(1)>', features: ['Rätsel'] },
        isPublished: true,
      }),
    );
    expect(de.fields).toMatchObject({ basedIn: '', description: '', features: ['Rätsel'] });
    expect(de.fields.history).toMatch(/^<p>Im Zug\.<\/p>/);
    expect(de.fields.history).not.toContain('onerror');
    await ok(put('app-page', `${appId}-press`, 'fr', { fields: { features: ['Énigmes'] } }));
    await ok(put('page', 'press', 'de', { fields: { basedIn: 'Tallinn' }, isPublished: true }));
    // Publishing German published neither French nor anything else; deleting German leaves French.
    const all = await ok<ItemTranslations>(get(api.itemTranslations('app-page', `${appId}-press`), ctx.editor));
    expect(all.translations.map((t) => [t.locale, t.status])).toEqual([
      ['de', 'published'],
      ['fr', 'draft'],
      ['pt-BR', 'missing'],
    ]);
    await ok(send('DELETE', api.translation('app-page', `${appId}-press`, 'de'), undefined, ctx.editor));
    const after = await ok<ItemTranslations>(get(api.itemTranslations('app-page', `${appId}-press`), ctx.editor));
    expect(after.translations.map((t) => t.status)).toEqual(['missing', 'draft', 'missing']);
    expect(
      (await ok<ItemTranslations>(get(api.itemTranslations('page', 'press'), ctx.editor))).translations[0]?.status,
    ).toBe('published');
    // "Changed since translated": the studio kit's words changed after its German was saved.
    await ok(
      send('PUT', api.adminPressKitStudio, { history: '<p>Founded on a night train.</p>', version: 1 }, ctx.editor),
    );
    const changed = await ok<ItemTranslations>(get(api.itemTranslations('page', 'press'), ctx.editor));
    expect(changed.translations[0]).toMatchObject({ status: 'published', outdated: true });
  });

  it('records each save, publication and deletion in the audit log', async () => {
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'translation'));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ['translation.publish', 'translation.create', 'translation.delete', 'translation.unpublish'])
      expect(actions, action).toContain(action);
  });
});

describe('addresses of items', () => {
  it('are ids in range, in one spelling: anything else names nothing (404)', async () => {
    for (const id of ['0', '007', '2147483648', '99999999999', '-1', '1.5', 'abc']) {
      expectError(await get(api.itemTranslations('post', id), ctx.editor), 404, 'NOT_FOUND');
    }
    for (const id of ['2147483648-support', '0-support', `${appId}-gallery`, `${appId}-`]) {
      expectError(await get(api.itemTranslations('app-page', id), ctx.editor), 404, 'NOT_FOUND');
    }
  });
});

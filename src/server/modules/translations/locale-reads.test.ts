// Issue 24: public reads in another language (?locale=): the translated text over the item's own,
// only what is published in that language (no silent fallback), the language in the read cache's key.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import type { BlogPost, PublicBlogPost } from '../../../shared/schemas/blog-posts';
import type { SiteSettings } from '../../../shared/schemas/site-settings';
import { TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import { expectError, ok } from '../../../../tests/setup/api';
import { fixedClock } from '../../../../tests/setup/clock';
import { useStaffApp } from '../../../../tests/setup/test-app';
import { appFields, postFields } from '../../../../tests/setup/translations';

const ctx = useStaffApp({}, { clock: fixedClock() });
const { get, send } = ctx;

const de = (path: string) => `${path}${path.includes('?') ? '&' : '?'}locale=de`;
const put = (type: string, id: string | number, body: object, locale = 'de') =>
  ok(send('PUT', api.translation(type, id, locale), body));

let translated: App;
let untranslated: App;
let drafted: App;
let germanPost: BlogPost;
let englishOnlyPost: BlogPost;

beforeAll(async () => {
  await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de', 'fr'] }, ctx.admin));
  translated = await ctx.make.makeApp({ title: 'Lantern Drift' });
  untranslated = await ctx.make.makeApp({ title: 'English Only' });
  drafted = await ctx.make.makeApp({ title: 'Draft Only' });
  await put('app', translated.id, { fields: appFields('Laternenflug'), isPublished: true });
  await put('app', drafted.id, { fields: appFields('Entwurf') });
  germanPost = await ctx.make.makePost(translated.id, { title: 'Big update', isPublished: true });
  englishOnlyPost = await ctx.make.makePost(translated.id, { title: 'English news', isPublished: true });
  await put('post', germanPost.id, { fields: postFields('Großes Update'), isPublished: true });
});

describe('reading in another language', () => {
  it('lists only the apps published in it, each in it; the default language is unchanged', async () => {
    const inGerman = await ok<App[]>(get(de(api.apps)));
    expect(inGerman.map((a) => a.title)).toEqual(['Laternenflug']);
    expect(inGerman[0]).toMatchObject({ slug: translated.slug, contentLocale: 'de', icon: translated.icon });
    const inEnglish = await ok<App[]>(get(api.apps));
    expect(inEnglish.map((a) => a.title)).toEqual(['Lantern Drift', 'English Only', 'Draft Only']);
    // In that order again (the cache keeps each language apart, both ways).
    expect((await ok<App[]>(get(de(api.apps)))).map((a) => a.title)).toEqual(['Laternenflug']);
  });

  it('answers 404 for an item not published in it, and staff preview a draft', async () => {
    expectError(await get(de(api.appBySlug(untranslated.slug))), 404, 'NOT_FOUND');
    expectError(await get(de(api.appBySlug(drafted.slug))), 404, 'NOT_FOUND');
    expect((await ok<App>(get(de(api.appBySlug(drafted.slug)), ctx.editor))).title).toBe('Entwurf');
    expect((await ok<App>(get(de(api.app(translated.id))))).title).toBe('Laternenflug');
  });

  it('shows the default language’s text where staff chose so, and says so', async () => {
    await put('app', untranslated.id, { fields: {}, useDefault: true });
    const app = await ok<App>(get(de(api.appBySlug(untranslated.slug))));
    expect(app).toMatchObject({ title: 'English Only', contentLocale: 'en' });
    await ok(send('DELETE', api.translation('app', untranslated.id, 'de')));
    expectError(await get(de(api.appBySlug(untranslated.slug))), 404, 'NOT_FOUND');
  });

  it('pages the blog index over the posts published in it, with their German slugs and app titles', async () => {
    const res = await get(de(api.blogs({ pageSize: 10 })));
    const posts = await ok<PublicBlogPost[]>(res);
    expect(posts.map((p) => p.title)).toEqual(['Großes Update']);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('1');
    expect(posts[0]).toMatchObject({ slug: 'grosses-update', appTitle: 'Laternenflug' });
    const english = await get(api.blogs({ pageSize: 10 }));
    expect(Number(english.headers[TOTAL_COUNT_HEADER])).toBeGreaterThanOrEqual(2);
    expectError(await get(de(api.blog(englishOnlyPost.id))), 404, 'NOT_FOUND');
    expect((await ok<BlogPost>(get(de(api.blog(germanPost.id))))).slug).toBe('grosses-update');
    const appPosts = await ok<BlogPost[]>(get(de(api.appBlogs(translated.id))));
    expect(appPosts.map((p) => p.title)).toEqual(['Großes Update']);
    // The counts count what is shown in that language.
    expect(await ok(get(de(api.blogCounts)))).toEqual({ [String(translated.id)]: 1 });
    expect(await ok(get(api.blogCounts))).toEqual({ [String(translated.id)]: 2 });
  });

  it('needs a translation of a studio page, but not of the site’s name or contact details', async () => {
    await ok(send('PUT', api.aboutUs, { title: 'About us', content: '<p>We make small games.</p>' }));
    expectError(await get(de(api.aboutUs)), 404, 'NOT_FOUND');
    await put('page', 'about', {
      fields: { title: 'Über uns', content: '<p>Wir machen kleine Spiele.</p>' },
      isPublished: true,
    });
    expect(await ok(get(de(api.aboutUs)))).toMatchObject({ title: 'Über uns', contentLocale: 'de' });
    expect(await ok(get(api.aboutUs))).toMatchObject({ title: 'About us' });

    const before = await ok<SiteSettings>(get(de(api.siteSettings)));
    expect(before.contentLocale).toBeUndefined();
    await put('page', 'site', {
      fields: { name: 'Nordpfote Studio', tagline: 'Kleine Spiele', footerText: '' },
      isPublished: true,
    });
    expect(await ok(get(de(api.siteSettings)))).toMatchObject({ name: 'Nordpfote Studio', tagline: 'Kleine Spiele' });
  });

  it('refuses a language the site does not have; the default language’s tag reads as without one', async () => {
    expectError(await get(`${api.apps}?locale=ja`), 404, 'NOT_FOUND');
    expectError(await get(`${api.apps}?locale=zz-ZZ`), 404, 'NOT_FOUND');
    const english = await ok<App[]>(get(`${api.apps}?locale=en`));
    expect(english.map((a) => a.title)).toContain('English Only');
  });
});

describe('press kits and an app’s privacy policy in another language (decision 111)', () => {
  it('answer 404 where not published in it, the translation where it is; other languages stay apart', async () => {
    await ok(send('PUT', api.adminAppPrivacyPolicy(translated.id), { content: '<p>We keep your scores.</p>' }));
    await ok(send('PUT', api.adminPressKitStudio, { basedIn: 'Tallinn, Estonia', features: ['Calm games'] }));
    await ok(send('PUT', api.adminPressKitApp(translated.id), { history: '<p>Made on a train.</p>' }));
    expectError(await get(de(api.appPrivacyPolicy(translated.id))), 404, 'NOT_FOUND');
    expectError(await get(de(api.pressKitApp(translated.id))), 404, 'NOT_FOUND');
    // The studio's kit is read by every app's kit: without German it is the default language's, unmarked.
    const studioEnglish = await ok<{ basedIn: string; contentLocale?: string }>(get(de(api.pressKitStudio)));
    expect(studioEnglish).toMatchObject({ basedIn: 'Tallinn, Estonia' });
    expect(studioEnglish.contentLocale).toBeUndefined();
    let links = await ok<{ privacyPolicy: boolean; pressKit: boolean }>(get(de(api.appPageLinks(translated.id))));
    expect(links).toMatchObject({ privacyPolicy: false, pressKit: false });

    await put(`app-page`, `${translated.id}-privacy`, {
      fields: { content: '<p>Wir speichern deine Punkte.</p><script>x()</script>' },
      isPublished: true,
    });
    await put('app-page', `${translated.id}-press`, {
      fields: { history: '<p>Im Zug gemacht.</p>' },
      isPublished: true,
    });
    await put('page', 'press', {
      fields: { basedIn: 'Tallinn, Estland', features: ['Ruhige Spiele'] },
      isPublished: true,
    });
    const policy = await ok<{ content: string; contentLocale: string; dataCollected: unknown[] }>(
      get(de(api.appPrivacyPolicy(translated.id))),
    );
    expect(policy).toMatchObject({ content: '<p>Wir speichern deine Punkte.</p>', contentLocale: 'de' });
    expect(await ok(get(de(api.pressKitApp(translated.id))))).toMatchObject({
      history: '<p>Im Zug gemacht.</p>',
      contentLocale: 'de',
    });
    expect(await ok(get(de(api.pressKitStudio)))).toMatchObject({
      basedIn: 'Tallinn, Estland',
      features: ['Ruhige Spiele'],
      contentLocale: 'de',
    });
    links = await ok(get(de(api.appPageLinks(translated.id))));
    expect(links).toMatchObject({ privacyPolicy: true, pressKit: true });
    // French has none of them; English is unchanged.
    expectError(await get(`${api.appPrivacyPolicy(translated.id)}?locale=fr`), 404, 'NOT_FOUND');
    expectError(await get(`${api.pressKitApp(translated.id)}?locale=fr`), 404, 'NOT_FOUND');
    expect(await ok(get(api.appPrivacyPolicy(translated.id)))).toMatchObject({
      content: '<p>We keep your scores.</p>',
    });
    expect(await ok(get(api.pressKitStudio))).toMatchObject({ basedIn: 'Tallinn, Estonia', features: ['Calm games'] });
  });
});

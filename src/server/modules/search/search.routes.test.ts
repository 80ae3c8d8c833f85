// Site search (issue 25, decision 117): GET /api/search finds words in what a visitor may see (post
// bodies, app texts, support FAQs, About Us), ranks a title match above a body match, follows every
// publish, schedule, unpublish and delete at once, reads German with German stemming, and answers
// any text (quotes, operators, 10 KB, NUL) without an error.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import type { AdminBlogPost } from '../../../shared/schemas/blog-posts';
import { TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import { SEARCH_INPUT_MAX, type SearchReply } from '../../../shared/schemas/search';
import { postSave } from '../../../../tests/factories';
import { expectError, ok } from '../../../../tests/setup/api';
import { NUL_MESSAGE } from '../../plugins/security';
import { fixedClock } from '../../../../tests/setup/clock';
import { useStaffApp } from '../../../../tests/setup/test-app';

const HOUR_MS = 3_600_000;

/** A 400 with the error shape, naming the field and saying what is wrong with it. */
function expectBadRequest(res: Awaited<ReturnType<typeof get>>, path: string, message: string) {
  const body = expectError(res, 400, 'BAD_REQUEST');
  expect(body.issues).toContainEqual({ path, message });
}

const ctx = useStaffApp({}, { clock: fixedClock() });
const { get, send } = ctx;

const search = (q: string, extra: { type?: string; page?: number; locale?: string } = {}) => {
  const path = api.search({ q, type: extra.type, page: extra.page });
  return get(extra.locale ? `${path}&locale=${extra.locale}` : path);
};
const found = (q: string, extra: { type?: string; page?: number; locale?: string } = {}) =>
  ok<SearchReply>(search(q, extra));
const titles = async (q: string, extra: { type?: string; locale?: string } = {}) =>
  (await found(q, extra)).items.map((item) => item.title);

let app: App;
let hidden: App;

beforeAll(async () => {
  await ctx.app.scheduler.stop();
  await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
  app = await ctx.make.makeApp({ title: 'Harbour Lights', tagline: 'Guide the boats home' });
  hidden = await ctx.make.makeApp({ title: 'Secret Quorblax', isHidden: true });
});

describe('what a search finds', () => {
  it('finds words in a post body, stemmed, with the matched words marked in a snippet', async () => {
    const post = await ctx.make.makePost(app.id, {
      title: 'Patch notes',
      content: '<p>We rebuilt the <strong>lighthouse</strong> keepers’ cottages &amp; the pier.</p>',
      isPublished: true,
    });
    const res = await search('lighthouses');
    const reply = await ok<SearchReply>(res);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('1');
    expect(reply.counts).toEqual({ apps: 0, posts: 1, support: 0, about: 0, releases: 0 });
    expect(reply.items[0]).toMatchObject({
      type: 'posts',
      id: post.id,
      title: 'Patch notes',
      path: `/blogs/${post.id}/${post.slug}`,
      appTitle: 'Harbour Lights',
    });
    expect(reply.items[0]!.snippet).toContain('<mark>lighthouse</mark>');
    expect(reply.items[0]!.snippet).toContain('cottages &amp; the pier');
    expect(reply.items[0]!.snippet).not.toContain('<strong>');
  });

  it('ranks a title match above a body match', async () => {
    await ctx.make.makePost(app.id, {
      title: 'Diary',
      content: `<p>${'The ferry sails. '.repeat(5)}Another ferry, ferry, ferry.</p>`,
      isPublished: true,
    });
    await ctx.make.makePost(app.id, { title: 'The ferry', content: '<p>Boats.</p>', isPublished: true });
    expect(await titles('ferry')).toEqual(['The ferry', 'Diary']);
  });

  it('finds apps, support questions and About Us, grouped by type', async () => {
    await ok(
      send('PUT', api.adminAppPages(app.id), {
        supportIntro: '<p>Help with the harbour.</p>',
        faq: [{ question: 'How do I moor a tugboat?', answer: 'Tap the tugboat twice.' }],
      }),
    );
    await ok(send('PUT', api.aboutUs, { title: 'About the studio', content: '<p>We love tugboats.</p>' }));
    const reply = await found('tugboat');
    expect(reply.items.map((i) => [i.type, i.title])).toEqual([
      ['support', 'Harbour Lights'],
      ['about', 'About the studio'],
    ]);
    expect(reply.items[0]!.path).toBe(`/apps/${app.slug}/support`);
    expect(reply.items[1]!.path).toBe('/about');
    const apps = await found('boats', { type: 'apps' });
    expect(apps.items.map((i) => [i.type, i.title, i.path])).toEqual([['apps', 'Harbour Lights', `/apps/${app.slug}`]]);
    expect(apps.counts.posts).toBe(1);
    expect(apps.total).toBe(1);
  });

  it('pages the results', async () => {
    for (let i = 0; i < 12; i++) {
      await ctx.make.makePost(app.id, { title: `Regatta ${i}`, content: '<p>Sails.</p>', isPublished: true });
    }
    const first = await found('regatta');
    const second = await found('regatta', { page: 2 });
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(12);
  });

  it('past a thousand matches, pages title matches first and then the newest, every match once', async () => {
    // 1,050 published posts with the word in the body (written in one statement), three older ones in the title.
    const titled = [];
    for (let i = 0; i < 3; i++) {
      titled.push(
        await ctx.make.makePost(app.id, { title: `Glacier log ${i}`, content: '<p>Ice.</p>', isPublished: true }),
      );
    }
    await ctx.database.db.execute(sql`
      insert into blog_posts (app_id, title, content, slug, is_published, published_at)
      select ${app.id}, 'Devlog ' || n, '<p>The glacier moved ' || n || ' metres.</p>', 'glacier-devlog-' || n, true, now()
      from generate_series(1, 1050) n`);
    const pages = [];
    for (let page = 1; page <= 106; page++) pages.push(await found('glacier', { type: 'posts', page }));
    expect(pages[0]!.counts.posts).toBe(1053);
    const ids = pages.flatMap((reply) => reply.items.map((item) => item.id));
    expect(ids).toHaveLength(1053);
    expect(new Set(ids).size).toBe(1053);
    expect(ids.slice(0, 3)).toEqual(titled.map((post) => post.id).reverse());
    const rest = ids.slice(3) as number[];
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    // All types together: the same posts follow the apps.
    const all = await found('glacier', { page: 1 });
    expect(all.items.map((item) => item.id)).toEqual(ids.slice(0, 10));
  });
});

describe('only what a visitor may see, at once', () => {
  it('never finds drafts or a hidden app and its posts', async () => {
    await ctx.make.makePost(app.id, { title: 'Unwritten zeppelin', content: '<p>zeppelin</p>' });
    await ctx.make.makePost(hidden.id, { title: 'Hidden zeppelin', content: '<p>zeppelin</p>', isPublished: true });
    expect(await found('zeppelin')).toMatchObject({ total: 0, items: [] });
    expect((await found('quorblax')).items).toEqual([]);
  });

  it('finds a scheduled post only once it is published, and no longer once unpublished or deleted', async () => {
    const publishAt = new Date(ctx.clock.now().getTime() + HOUR_MS).toISOString();
    const post = await ctx.make.makePost(app.id, { title: 'Scheduled kraken', publishAt });
    expect(await titles('kraken')).toEqual([]);
    ctx.clock.advance(2 * HOUR_MS);
    await ctx.app.scheduler.runDue();
    expect(await titles('kraken')).toEqual(['Scheduled kraken']);

    await ok(send('PATCH', api.unpublishBlog(post.id)));
    expect(await titles('kraken')).toEqual([]);
    await ok(send('PATCH', api.publishBlog(post.id)));
    const current = await ok<AdminBlogPost>(get(api.blog(post.id), ctx.editor));
    await ok(send('PUT', api.adminBlog(post.id), postSave(current, { title: 'Renamed kraken' })));
    expect(await titles('kraken')).toEqual(['Renamed kraken']);
    await ok(send('DELETE', api.adminBlog(post.id)));
    expect(await titles('kraken')).toEqual([]);
  });
});

describe('in another language', () => {
  it('finds German stemmed forms in a published German translation, never an unpublished one', async () => {
    const post = await ctx.make.makePost(app.id, {
      title: 'Lighthouse',
      content: '<p>English.</p>',
      isPublished: true,
    });
    const fields = {
      title: 'Die Leuchttürme',
      content: '<p>Wir haben neue Häfen gebaut.</p>',
      excerpt: '',
      seoTitle: '',
      seoDescription: '',
    };
    await ok(send('PUT', api.translation('post', post.id, 'de'), { fields, isPublished: false }));
    expect((await found('Hafen', { locale: 'de' })).items).toEqual([]);
    await ok(send('PUT', api.translation('post', post.id, 'de'), { fields, isPublished: true }));
    const reply = await found('Hafen', { locale: 'de' });
    expect(reply.items.map((i) => i.title)).toEqual(['Die Leuchttürme']);
    expect(reply.items[0]!.snippet).toContain('<mark>Häfen</mark>');
    expect(await titles('Leuchtturm', { locale: 'de' })).toEqual(['Die Leuchttürme']);
    // The German words are not in the default language's index, and English is not searched in German.
    expect(await titles('Leuchtturm')).toEqual([]);
    expect(await titles('English', { locale: 'de' })).toEqual([]);
  });

  it('finds words in release notes (issue 26): the default language, and a published German translation', async () => {
    const release = await ok<{ id: number }>(
      send('POST', api.adminAppReleases(app.id), {
        version: '2.4.0',
        releasedOn: '2026-02-03',
        notes: 'Foghorns now echo across the bay.\nNew ferries.',
      }),
      201,
    );
    const reply = await found('foghorn');
    expect(reply.counts.releases).toBe(1);
    expect(reply.items[0]).toMatchObject({
      type: 'releases',
      id: release.id,
      title: 'Harbour Lights 2.4.0',
      path: `/apps/${app.slug}/releases#release-${release.id}`,
      appTitle: 'Harbour Lights',
      publishedAt: '2026-02-03T00:00:00.000Z',
    });
    expect(reply.items[0]!.snippet).toContain('<mark>Foghorns</mark>');
    expect(await titles('foghorn', { type: 'releases' })).toEqual(['Harbour Lights 2.4.0']);
    // A hidden app's release notes are never found.
    await ok(
      send(
        'POST',
        api.adminAppReleases(hidden.id),
        { version: '1.0', releasedOn: '2026-01-01', notes: 'Foghorns too.' },
        ctx.admin,
      ),
      201,
    );
    expect((await found('foghorn')).counts.releases).toBe(1);

    // German: only where the release and its app are published in German.
    const notes = { notes: 'Die Nebelhörner hallen über die Bucht.' };
    await ok(send('PUT', api.translation('release', release.id, 'de'), { fields: notes, isPublished: true }));
    expect((await found('Nebelhorn', { locale: 'de' })).items).toEqual([]);
    await ok(
      send('PUT', api.translation('app', app.id, 'de'), {
        fields: { title: 'Hafenlichter', description: 'Boote nach Hause führen.' },
        isPublished: true,
      }),
    );
    const german = await found('Nebelhorn', { locale: 'de' });
    expect(german.items.map((i) => [i.type, i.title])).toEqual([['releases', 'Hafenlichter 2.4.0']]);
    expect(german.items[0]!.snippet).toContain('<mark>Nebelhörner</mark>');
    await ok(send('PUT', api.translation('release', release.id, 'de'), { fields: notes, isPublished: false }));
    expect((await found('Nebelhorn', { locale: 'de' })).items).toEqual([]);
  });

  it('answers 404 for a language the site does not have', async () => {
    expectError(await search('harbour', { locale: 'fr' }), 404, 'NOT_FOUND');
  });
});

describe('hostile input', () => {
  it.each([
    ['a quote', '"'],
    ['unbalanced quotes', '"harbour lights'],
    ['operators', '& | ! <-> ()'],
    ['a prefix operator', 'light:*'],
    ['a negation alone', '!'],
    ['tsquery syntax', "'harbour' & !'lights' :* <2>"],
    ['a 10 KB string', 'harbour '.repeat(1_280)],
    ['markup', '<script>alert(1)</script>'],
  ])('answers %s with 200', async (_label, q) => {
    const reply = await found(q);
    expect(reply.page).toBe(1);
    expect(reply.query.length).toBeLessThanOrEqual(200);
    expect(reply.query).not.toContain('\u0000');
  });

  it('refuses a NUL, a text past the limit, a bad page or type with a clear 400 naming the field', async () => {
    // NUL is refused everywhere before a route runs (decision 093); the search takes control characters out too.
    expectBadRequest(await search('harbour\u0000lights'), 'q', NUL_MESSAGE);
    expectBadRequest(
      await search('x'.repeat(SEARCH_INPUT_MAX + 1)),
      'q',
      `Search must be at most ${SEARCH_INPUT_MAX} characters`,
    );
    expectBadRequest(await get(`${api.search({ q: 'harbour' })}&page=0`), 'page', 'Page must be at least 1');
    expectBadRequest(await search('harbour', { type: 'users' }), 'type', 'Unknown kind of result');
  });

  it('answers an empty search with nothing', async () => {
    expect(await found('   ')).toMatchObject({ query: '', total: 0, items: [] });
  });
});

describe('typo tolerance', () => {
  it('offers titles spelt nearly alike when nothing matches (where the engine has pg_trgm)', async () => {
    const hasTrigram = await ctx.app.deps.repos.search.hasTrigram();
    const reply = await found('Harbor Lights');
    if (!hasTrigram) {
      expect(reply).toMatchObject({ fuzzy: false, total: 0 });
      return;
    }
    expect(reply.fuzzy).toBe(true);
    expect(reply.items.map((i) => i.title)).toContain('Harbour Lights');
  });
});

describe('the default language', () => {
  it('re-indexes the default rows in the new default language’s configuration when it changes', async () => {
    await ctx.make.makePost(app.id, { title: 'Die neuen Häfen', content: '<p>Mehr Häfen.</p>', isPublished: true });
    // English stemming does not make Häfen of Hafen; German does.
    expect(await titles('Hafen')).toEqual([]);
    await ok(send('PUT', api.locales, { defaultLocale: 'de', locales: ['en'] }, ctx.admin));
    expect(await titles('Hafen')).toEqual(['Die neuen Häfen']);
    await ok(send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
    expect(await titles('Hafen')).toEqual([]);
  });
});

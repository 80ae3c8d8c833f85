// Issue 26, the public side of release notes: "What's new" on the app page (the latest version),
// /apps/{slug}/releases with every version, its Atom feed (well-formed, escaped), softwareVersion in
// the app's JSON-LD, the sitemap, and the page in another language: there with a published
// translation, not found without one (no silent fallback), with its hreflang cluster.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { Release } from '../../shared/schemas/app-releases';
import { ok } from '../../../tests/setup/api';
import { fixedClock } from '../../../tests/setup/clock';
import { useStaffApp } from '../../../tests/setup/test-app';
import { appFields } from '../../../tests/setup/translations';
import { productionWeb } from './web';
import { readSitemap } from '../../../tests/setup/sitemap';

const ctx = useStaffApp({}, { web: productionWeb(), clock: fixedClock(new Date('2026-06-01T10:00:00.000Z')) });
const page = (url: string) => ctx.app.inject({ url });

let app: App;
let bare: App;
let older: Release;
let newest: Release;

const release = (appId: number, body: Record<string, unknown>) =>
  ok<Release>(ctx.send('POST', api.adminAppReleases(appId), { platforms: ['ios'], ...body }), 201);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
/** XML 1.0's characters only, and no ampersand that starts no reference (as feeds.test.ts checks). */
const XML_DOCUMENT = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
/** The text of each `<name>` element in `xml` (no nesting of the same name in a feed). */
const texts = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((m) => unescape(m[1]!));
/** Every element closed in order: a well-formed tree of tags. */
function expectBalanced(xml: string) {
  const stack: string[] = [];
  for (const [, close, name, self] of xml
    .replace(/<\?xml[^>]*\?>/, '')
    .matchAll(/<(\/?)([A-Za-z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (self) continue;
    if (close) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
}
const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"[^>]*>/g)].map((m) => [m[1], m[2]]);

beforeAll(async () => {
  app = await ctx.make.makeApp({ title: 'Comet <Café>' });
  bare = await ctx.make.makeApp({ title: 'No Versions Yet' });
  older = await release(app.id, { version: '1.0', releasedOn: '2026-01-15', notes: 'First light.' });
  newest = await release(app.id, {
    version: '1.1 (build 7)',
    releasedOn: '2026-05-20',
    platforms: ['ios', 'android'],
    notes: 'Zebra mode & <faster> saves.\nSecond line.\nThird line, on the releases page only.',
  });
});

describe('release notes on the public site', () => {
  it('shows the latest version, its day and notes as "What\'s new" on the app page, with softwareVersion', async () => {
    const res = await page(`/apps/${app.slug}`);
    expect(res.statusCode).toBe(200);
    const section = /<section aria-labelledby="whats-new-heading".*?<\/section>/s.exec(res.body)?.[0] ?? '';
    expect(section).toContain('What&#x27;s new');
    expect(section).toContain('Version 1.1 (build 7)');
    expect(section).toContain('May 20, 2026');
    expect(section).toContain('Zebra mode &amp; &lt;faster&gt; saves.');
    expect(section).toContain(`href="/apps/${app.slug}/releases"`);
    expect(section).not.toContain('First light');
    // The card shows two lines: it sends no more (the page's first view is near its budget).
    expect(section).toContain('Second line.');
    expect(section).not.toContain('Third line');
    const [ld] = jsonLd(res.body);
    expect(ld).toMatchObject({ softwareVersion: '1.1 (build 7)' });
    // An app with no version has no section and no softwareVersion.
    const plain = await page(`/apps/${bare.slug}`);
    expect(plain.body).not.toContain('whats-new-heading');
    expect(jsonLd(plain.body)[0]).not.toHaveProperty('softwareVersion');
  });

  it('lists every version on /apps/{slug}/releases, server-rendered, with its feed advertised', async () => {
    const res = await page(`/apps/${app.slug}/releases`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<h1 class="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">Comet &lt;Café&gt; release notes</h1>',
    );
    const body = res.body.slice(res.body.indexOf('<main'));
    expect(body.indexOf('Version 1.1 (build 7)')).toBeLessThan(body.indexOf('Version 1.0'));
    expect(body).toContain(`id="release-${older.id}"`);
    expect(body).toContain('Third line, on the releases page only.');
    expect(body).toContain('<time dateTime="2026-05-20">May 20, 2026</time> · iOS, Android');
    expect(res.body).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Comet &lt;Café&gt; release notes" href="${ctx.config.siteUrl}/apps/${app.slug}/releases.xml">`,
    );
    expect(res.body).toContain(`<link rel="canonical" href="${ctx.config.siteUrl}/apps/${app.slug}/releases">`);
    // No versions: the page says so; an unknown app is not found; an id moves to the slug.
    expect((await page(`/apps/${bare.slug}/releases`)).body).toContain('No release notes for No Versions Yet yet.');
    expect((await page('/apps/no-such-app/releases')).statusCode).toBe(404);
    const moved = await page(`/apps/${app.id}/releases`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/apps/${app.slug}/releases`);
  });

  it('serves a well-formed, escaped Atom feed of the versions, newest first', async () => {
    const res = await page(`/apps/${app.slug}/releases.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XML_DOCUMENT.test(res.body)).toBe(true);
    expect(res.body).not.toMatch(BARE_AMPERSAND);
    expectBalanced(res.body);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/,
    );
    expect(texts(res.body, 'title')).toEqual([
      'Comet <Café>: release notes',
      'Comet <Café> 1.1 (build 7)',
      'Comet <Café> 1.0',
    ]);
    expect(texts(res.body, 'content')[0]).toBe(
      'Zebra mode & <faster> saves.\nSecond line.\nThird line, on the releases page only.',
    );
    expect(texts(res.body, 'id')[1]).toBe(`${ctx.config.siteUrl}/apps/${app.slug}/releases#release-${newest.id}`);
    expect(texts(res.body, 'published')[0]).toBe('2026-05-20T00:00:00Z');
    expect(res.body).toContain('Zebra mode &amp; &lt;faster&gt; saves.');
    expect((await page('/apps/no-such-app/releases.xml')).statusCode).toBe(404);
    const hidden = await ctx.make.makeApp({ isHidden: true });
    expect((await page(`/apps/${hidden.slug}/releases.xml`)).statusCode).toBe(404);
  });

  it('lists the releases page of an app with versions in the sitemap', async () => {
    const sitemap = await readSitemap(ctx.app);
    expect(sitemap).toContain(
      `<loc>${ctx.config.siteUrl}/apps/${app.slug}/releases</loc><lastmod>2026-06-01</lastmod>`,
    );
    expect(sitemap).not.toContain(`/apps/${bare.slug}/releases<`);
  });

  it('in German: the versions published in German, and not found where none is', async () => {
    await ok(ctx.send('PUT', api.locales, { defaultLocale: 'en', locales: ['de'] }, ctx.admin));
    await ok(ctx.send('PUT', api.translation('app', app.id, 'de'), { fields: appFields('Komet'), isPublished: true }));
    // A draft is not enough: no silent fallback to the English notes.
    await ok(
      ctx.send('PUT', api.translation('release', newest.id, 'de'), {
        fields: { notes: 'Zebramodus.' },
        isPublished: false,
      }),
    );
    expect((await page(`/de/apps/${app.slug}/releases`)).statusCode).toBe(404);
    expect((await page(`/de/apps/${app.slug}`)).body).not.toContain('whats-new-heading');

    await ok(
      ctx.send('PUT', api.translation('release', newest.id, 'de'), {
        fields: { notes: 'Zebramodus.' },
        isPublished: true,
      }),
    );
    const res = await page(`/de/apps/${app.slug}/releases`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de"');
    expect(res.body).toContain('Zebramodus.');
    expect(res.body).toContain('Versionshinweise zu Komet');
    expect(res.body).not.toContain('First light');
    expect(hreflangs(res.body)).toEqual([
      ['en', `${ctx.config.siteUrl}/apps/${app.slug}/releases`],
      ['de', `${ctx.config.siteUrl}/de/apps/${app.slug}/releases`],
      ['x-default', `${ctx.config.siteUrl}/apps/${app.slug}/releases`],
    ]);
    // The German app page links to its German release notes.
    const appPage = (await page(`/de/apps/${app.slug}`)).body;
    expect(appPage).toContain(`href="/de/apps/${app.slug}/releases"`);
    expect(appPage).toContain('Neuigkeiten');
    // Unpublished again: not found again.
    await ok(
      ctx.send('PUT', api.translation('release', newest.id, 'de'), {
        fields: { notes: 'Zebramodus.' },
        isPublished: false,
      }),
    );
    expect((await page(`/de/apps/${app.slug}/releases`)).statusCode).toBe(404);
  });
});

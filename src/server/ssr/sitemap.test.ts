// The sitemap index (issue 28): with more than 50,000 posts /sitemap.xml is a valid sitemap index
// and every part it names a valid sitemap within the limits, checked against the rules of the
// sitemaps.org 0.9 schemas (siteindex.xsd, sitemap.xsd): their namespace, <sitemapindex> of
// <sitemap> each with one absolute <loc> and an optional W3C <lastmod>, <urlset> of <url> likewise,
// at most 50,000 entries and 50 MB each. (xmllint is not on every CI machine: the rules are written here.)
import { beforeAll, describe, expect, it } from 'vitest';
import { useStaffApp } from '../../../tests/setup/test-app';
import { bulk } from '../../../tests/setup/bulk';
import { paths } from '../../shared/paths';
import { postsPerPart, SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, SITEMAP_NS, XHTML_NS } from './sitemap';

const ctx = useStaffApp();
const POSTS = 50_500;

/** W3C Datetime, as the schemas' tLastmod allows (a date, or a date and time with a zone). */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Checks one document against the schema's rules; its <loc>s. */
function expectValid(body: string, root: 'sitemapindex' | 'urlset', child: 'sitemap' | 'url'): string[] {
  const base = ctx.config.siteUrl;
  expect(Buffer.byteLength(body)).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
  expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const open = new RegExp(`^<${root} xmlns="${SITEMAP_NS}"( xmlns:xhtml="${XHTML_NS}")?>$`);
  const lines = body.trimEnd().split('\n');
  expect(lines[1]).toMatch(open);
  expect(lines.at(-1)).toBe(`</${root}>`);
  const entries = lines.slice(2, -1);
  expect(entries.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  // Each child: exactly one <loc>, then an optional <lastmod>, then (a url) only xhtml:link alternates.
  const shape = new RegExp(
    `^  <${child}><loc>([^<]{1,2048})</loc>(?:<lastmod>([^<]+)</lastmod>)?((?:<xhtml:link rel="alternate" hreflang="[^"]+" href="[^"]+"/>)*)</${child}>$`,
  );
  const locs: string[] = [];
  for (const entry of entries) {
    const m = shape.exec(entry);
    expect(m, entry).not.toBeNull();
    const [, loc, lastmod, links] = m!;
    // Absolute addresses of this site (the schema's tLoc is an anyURI of 12 to 2,048 characters).
    expect(new URL(loc!).origin).toBe(new URL(base).origin);
    expect(loc!.startsWith(base)).toBe(true);
    if (lastmod !== undefined) expect(lastmod).toMatch(W3C_DATETIME);
    if (links) expect(root).toBe('urlset');
    locs.push(loc!);
  }
  return locs;
}

beforeAll(async () => {
  const app = await ctx.make.makeApp();
  // Fast: one INSERT … SELECT generate_series, on either engine.
  await bulk(
    ctx,
    `insert into blog_posts (app_id, scope, title, content, is_published, published_at, slug, created_at, updated_at)
     select $1::int, 'app', 'Bulk post ' || g, '<p>Post ' || g || '</p>', g % 100 <> 0,
            case when g % 100 <> 0 then timestamptz '2026-01-01' + g * interval '1 second' end,
            'bulk-post-' || g, timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-01-01' + g * interval '1 second'
     from generate_series(1, $2::int) g`,
    [app.id, POSTS],
  );
}, 120_000);

describe('the sitemap index', () => {
  it(`with ${POSTS} posts, is a valid index of valid parts, each within 50,000 addresses and 50 MB, every published post in one`, async () => {
    const index = await ctx.app.inject({ method: 'GET', url: paths.sitemap });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const parts = expectValid(index.body, 'sitemapindex', 'sitemap');
    expect(parts[0]).toBe(`${ctx.config.siteUrl}/sitemaps/pages.xml`);
    const postParts = parts.filter((p) => p.includes('/sitemaps/posts-'));
    expect(postParts.length).toBeGreaterThanOrEqual(2);

    const seen = new Set<string>();
    for (const part of parts) {
      const res = await ctx.app.inject({ method: 'GET', url: new URL(part).pathname });
      expect(res.statusCode, part).toBe(200);
      for (const loc of expectValid(res.body, 'urlset', 'url')) {
        expect(seen.has(loc), loc).toBe(false);
        seen.add(loc);
      }
    }
    const posts = [...seen].filter((loc) => /\/blogs\/\d+\/bulk-post-/.test(loc));
    // Drafts (every hundredth) are in no part.
    expect(posts.length).toBe(POSTS - Math.floor(POSTS / 100));
    expect(posts.some((loc) => loc.endsWith('/bulk-post-100'))).toBe(false);
    expect(seen.has(`${ctx.config.siteUrl}/blog`)).toBe(true);
  }, 300_000);

  it('sends its parts gzipped to those who accept it, and drops them when content changes', async () => {
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/sitemaps/posts-1.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const app = (await ctx.get('/api/apps')).json<{ id: number }[]>()[0]!;
    const post = await ctx.make.makePost(app.id, { isPublished: true, title: 'Fresh after the bulk' });
    const index = (await ctx.app.inject({ method: 'GET', url: paths.sitemap })).body;
    const last = [...index.matchAll(/<loc>([^<]+\/sitemaps\/posts-\d+\.xml)<\/loc>/g)].at(-1)![1]!;
    const part = await ctx.app.inject({ method: 'GET', url: new URL(last).pathname });
    expect(part.body).toContain(`/blogs/${post.id}/${post.slug}</loc>`);
    // A part that holds nothing, or a name that is none, is not there.
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemaps/posts-99999.xml' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemaps/pages-1.xml' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemaps/other.xml' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
  });

  it('sizes its post parts so that no part can pass a limit, whatever the languages', () => {
    const base = 'https://studio.example.com';
    expect(postsPerPart(1, base)).toBe(SITEMAP_MAX_URLS);
    for (const languages of [2, 5, 10, 30]) {
      const size = postsPerPart(languages, base);
      expect(size * languages).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      // The longest address in every language, each naming the whole cluster.
      const address = base.length + '/zh-hant/blogs/2147483647/'.length + 80;
      const entry = 60 + address + (languages + 1) * (70 + address);
      expect(size * languages * entry).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
    }
  });
});

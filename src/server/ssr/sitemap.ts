// The sitemap (issue 28): /sitemap.xml is a sitemap index (sitemaps.org 0.9) naming its parts, each
// at most 50,000 addresses and 50 MB as search engines require: /sitemaps/pages.xml (the site's
// pages and every app's, in parts of 50,000 should there ever be more) and /sitemaps/posts-{n}.xml,
// the published posts by id range, read by key in batches (never all at once) and gzipped as they
// are written. Each language's address carries its hreflang cluster (issue 24, translations/alternates.ts).
// The index and every part are kept until content changes, and made once however many ask at once.
import { createGzip, gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { paths } from '../../shared/paths';
import type { SiteLocale } from '../../shared/locales';
import { SLUG_MAX } from '../../shared/slug';
import { notFound } from '../lib/errors';
import { ContentCache } from '../lib/content-cache';
import { clusterOf, releaseLanguages, type Alternate } from '../modules/translations/alternates';
import type { AppModule, Deps } from '../types';
import { negotiate } from '@fastify/accept-negotiator';
import { xml } from './feeds';

/** sitemaps.org: at most 50,000 URLs in one sitemap, and in one index. */
export const SITEMAP_MAX_URLS = 50_000;
/** sitemaps.org: at most 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_MAX_BYTES = 52_428_800;
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** Posts read from the database at a time while a part is written. */
const BATCH = 1_000;
/** Gzipped parts and indexes kept in memory (a part of 50,000 posts is about 1 MB gzipped). */
const SITEMAP_CACHE_BYTES = 32 * 1024 * 1024;

/** The part names a request may ask for: pages, pages-2…, posts-1… */
const PartParamsSchema = z.object({
  file: z.string().regex(/^(pages|pages-[1-9]\d{0,5}|posts-[1-9]\d{0,8})\.xml$/, 'No such sitemap'),
});

interface Url {
  loc: string;
  lastmod?: string;
  cluster?: Alternate[];
}

/** What the index names, computed once per content version: the parts and when each last changed. */
interface Plan {
  locales: SiteLocale[];
  /** Post ids per posts part (range n: ids (n-1)*size+1 … n*size). */
  postsPerPart: number;
  pages: Url[][];
  posts: { part: number; updatedAt: string }[];
}

interface File {
  gzip: Buffer;
  /** Uncompressed bytes and <url> entries (tests and diagnostics). */
  bytes: number;
  urls: number;
}

/**
 * Post ids per part so that no part passes either limit whatever the posts: each post is listed once
 * per language it is published in (`languages` at most), each with the cluster's links (a link per
 * language and x-default), each address at most the site's base, a language prefix, the id and the
 * longest slug.
 */
export function postsPerPart(languages: number, baseUrl: string): number {
  const address = xml(baseUrl).length + '/zh-hant/blogs/2147483647/'.length + SLUG_MAX;
  // Each with room to spare (a longer language tag, a longer date).
  const entry = 80 + address;
  const link = 80 + address;
  const perPost = languages * (entry + (languages > 1 ? (languages + 1) * link : 0));
  const head = 300;
  return Math.max(
    1,
    Math.min(Math.floor(SITEMAP_MAX_URLS / languages), Math.floor((SITEMAP_MAX_BYTES - head) / perPost)),
  );
}

const urlset = (clustered: boolean) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}"${clustered ? ` xmlns:xhtml="${XHTML_NS}"` : ''}>\n`;
const URLSET_END = '</urlset>\n';

/** One page's lines: its address in each language, each naming the whole cluster (itself included). */
function entries(base: string, u: Url): string[] {
  const entry = (loc: string, links = '') =>
    `  <url><loc>${xml(base + loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}${links}</url>\n`;
  if (!u.cluster?.length) return [entry(u.loc)];
  const links = u.cluster
    .map((a) => `<xhtml:link rel="alternate" hreflang="${xml(a.hreflang)}" href="${xml(base + a.path)}"/>`)
    .join('');
  return u.cluster.filter((a) => a.hreflang !== 'x-default').map((a) => entry(a.path, links));
}

/** The newest of the dates a page is made from (ISO strings sort as time). */
const latest = (...dates: (string | null | undefined)[]) => dates.filter(Boolean).sort().at(-1) ?? undefined;

/** A part's name and address. */
export const sitemapPart = (name: string) => `/sitemaps/${name}.xml`;

export const sitemapModule: AppModule = async (app, { deps }) => {
  const base = deps.config.siteUrl;
  const plans = new ContentCache<Plan>(deps.content, { maxBytes: 4 * 1024 * 1024, sizeOf: () => 64 * 1024 });
  const files = new ContentCache<File>(deps.content, {
    maxBytes: SITEMAP_CACHE_BYTES,
    sizeOf: (file) => file.gzip.length,
  });

  const plan = () => plans.getOrMake('plan', () => makePlan(deps, base));

  const send = (request: FastifyRequest, reply: FastifyReply, file: File) => {
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'Accept-Encoding');
    const accept = request.headers['accept-encoding'];
    if (accept && negotiate(accept, ['gzip', 'identity']) === 'gzip') {
      return reply.header('content-encoding', 'gzip').send(file.gzip);
    }
    return reply.send(gunzipSync(file.gzip));
  };

  app.get(paths.sitemap, async (request, reply) => {
    const file = await files.getOrMake('index', async () => {
      const { pages, posts } = await plan();
      const parts = [
        ...pages.map((urls, i) => ({
          loc: sitemapPart(i === 0 ? 'pages' : `pages-${i + 1}`),
          lastmod: latest(...urls.map((u) => u.lastmod)),
        })),
        ...posts.map((p) => ({ loc: sitemapPart(`posts-${p.part}`), lastmod: p.updatedAt })),
      ];
      const body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n` +
        parts
          .map(
            (p) =>
              `  <sitemap><loc>${xml(base + p.loc)}</loc>${p.lastmod ? `<lastmod>${p.lastmod.slice(0, 10)}</lastmod>` : ''}</sitemap>\n`,
          )
          .join('') +
        '</sitemapindex>\n';
      return gzipped(async (write) => write(body), parts.length);
    });
    return send(request, reply, file);
  });

  app.get('/sitemaps/:file', { schema: { params: PartParamsSchema } }, async (request, reply) => {
    const name = (request.params as z.infer<typeof PartParamsSchema>).file.slice(0, -'.xml'.length);
    const file = await files.getOrMake(name, async () => {
      const current = await plan();
      if (name.startsWith('pages')) {
        const index = name === 'pages' ? 0 : Number(name.slice('pages-'.length)) - 1;
        const urls = current.pages[index];
        // pages-1 is spelt pages: one address per part.
        if (!urls || name === 'pages-1') throw notFound('Sitemap');
        const clustered = urls.some((u) => u.cluster?.length);
        return gzipped(async (write) => {
          write(urlset(clustered));
          for (const u of urls) for (const line of entries(base, u)) write(line);
          write(URLSET_END);
        });
      }
      const part = Number(name.slice('posts-'.length));
      if (!current.posts.some((p) => p.part === part)) throw notFound('Sitemap');
      return postsPart(deps, base, current, part);
    });
    return send(request, reply, file);
  });
};

/** Writes a file through gzip as it is made: only the compressed bytes are held. */
async function gzipped(make: (write: (text: string) => void) => Promise<void>, urls?: number): Promise<File> {
  const zip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    zip.on('end', resolve);
    zip.on('error', reject);
  });
  let bytes = 0;
  let count = 0;
  await make((text) => {
    bytes += Buffer.byteLength(text);
    count += (text.match(/<url>/g) ?? []).length;
    zip.write(text);
  });
  zip.end();
  await done;
  return { gzip: Buffer.concat(chunks), bytes, urls: urls ?? count };
}

/** One posts part: its id range read by key, a batch at a time, each batch's translations with it. */
async function postsPart(deps: Deps, base: string, plan: Plan, part: number): Promise<File> {
  const { locales, postsPerPart: size } = plan;
  const clustered = locales.length > 1;
  const first = (part - 1) * size;
  const last = part * size;
  return gzipped(async (write) => {
    write(urlset(clustered));
    let after = first;
    for (;;) {
      const posts = await deps.repos.blogs.publishedByIdAfter(after, last, BATCH);
      if (!posts.length) break;
      after = posts.at(-1)!.id;
      const rows = clustered
        ? await deps.repos.translations.ofItems(
            'post',
            posts.map((p) => String(p.id)),
          )
        : [];
      for (const p of posts) {
        const own = rows.filter((r) => r.item === String(p.id));
        const url: Url = {
          loc: paths.readablePost(p),
          lastmod: p.updatedAt,
          cluster: clustered
            ? clusterOf(locales, own, (slug) => paths.readablePost({ id: p.id, slug: slug ?? p.slug }))
            : [],
        };
        for (const line of entries(base, url)) write(line);
      }
      if (posts.length < BATCH) break;
    }
    write(URLSET_END);
  });
}

/** The index's parts: the site's and apps' pages (few: read whole), and the post ranges that hold posts. */
async function makePlan(deps: Deps, base: string): Promise<Plan> {
  const { blogs, pages, press, appPages, appPrivacy, translations, siteSettings } = deps.repos;
  const locales = await siteSettings.locales();
  const size = postsPerPart(Math.max(1, locales.length), base);
  // Apps with a privacy policy of their own (issue 14), and when it last changed.
  const privacyUpdated = await appPrivacy.updatedByApp();
  // Apps' support pages (always there) and deletion pages (when the app has accounts).
  const appTexts = await appPages.savedByApp();
  // Press kits (issue 14): the studio's and every visible app's page, changed with their kit or app.
  const pressUpdated = await press.updatedByApp();
  const [appList, postsUpdated, ranges, home, about, contact, privacy] = await Promise.all([
    deps.visibleApps.visitorApps(),
    blogs.publishedUpdatedByApp(),
    blogs.publishedIdRanges(size),
    pages.getHome(),
    pages.getAbout(),
    pages.getContact(),
    pages.getPrivacy(),
  ]);
  const visible = new Set<number | null>([null, ...appList.map((a) => a.id)]);
  const allPosts = latest(...[...postsUpdated].filter(([id]) => visible.has(id)).map(([, at]) => at));
  // Issue 24: a page published in several languages is listed in each, with the cluster (the posts' in their parts).
  const rows = new Map<string, Awaited<ReturnType<typeof translations.ofType>>>();
  if (locales.length > 1) {
    for (const type of ['app', 'page', 'app-page', 'release'] as const) {
      for (const row of await translations.ofType(type)) {
        const key = `${type}:${row.item}`;
        rows.set(key, [...(rows.get(key) ?? []), row]);
      }
    }
  }
  const cluster = (of: string | 'all', path: string) => {
    if (locales.length < 2) return [];
    // An app's own page is there in a language only where the app is too.
    const app = of.startsWith('app-page:') ? (rows.get(`app:${of.slice(9).split('-')[0]}`) ?? []) : undefined;
    return clusterOf(locales, of === 'all' ? 'all' : (rows.get(of) ?? []), () => path, app);
  };
  const releases = await deps.repos.appReleases.forApps(appList.map((a) => a.id));
  const releasePages = appList.flatMap((a) => {
    const own = releases.filter((r) => r.appId === a.id);
    if (!own.length) return [];
    const langs = locales.length > 1 ? releaseLanguages(own.flatMap((r) => rows.get(`release:${r.id}`) ?? [])) : [];
    return [
      {
        loc: paths.appReleases(a.slug),
        lastmod: latest(...own.map((r) => r.updatedAt)),
        cluster:
          locales.length > 1
            ? clusterOf(locales, langs, () => paths.appReleases(a.slug), rows.get(`app:${a.id}`) ?? [])
            : [],
      },
    ];
  });
  const urls: Url[] = [
    {
      loc: paths.home,
      lastmod: latest(home?.updatedAt, ...appList.map((a) => a.updatedAt)),
      cluster: cluster('page:home', paths.home),
    },
    { loc: paths.about, lastmod: about?.updatedAt, cluster: cluster('page:about', paths.about) },
    { loc: paths.contact, lastmod: contact?.updatedAt, cluster: cluster('all', paths.contact) },
    { loc: paths.privacy, lastmod: privacy?.updatedAt, cluster: cluster('page:privacy', paths.privacy) },
    { loc: paths.blogIndex, lastmod: allPosts, cluster: cluster('all', paths.blogIndex) },
    // The catalogue (issue 25): only its bare address, its filtered views are not indexed.
    { loc: paths.apps, lastmod: latest(...appList.map((a) => a.updatedAt)), cluster: cluster('all', paths.apps) },
    {
      loc: paths.press,
      lastmod: latest(pressUpdated.get(null), ...appList.map((a) => a.updatedAt)),
      cluster: cluster('page:press', paths.press),
    },
    ...appList.map((a) => ({
      loc: paths.appPress(a.slug),
      lastmod: latest(a.updatedAt, pressUpdated.get(a.id), pressUpdated.get(null)),
      cluster: cluster(`app-page:${a.id}-press`, paths.appPress(a.slug)),
    })),
    // An app's page shows its latest posts: it changes with them.
    ...appList.map((a) => ({
      loc: paths.app(a.slug),
      lastmod: latest(a.updatedAt, postsUpdated.get(a.id)),
      cluster: cluster(`app:${a.id}`, paths.app(a.slug)),
    })),
    ...appList.map((a) => ({
      loc: paths.appBlogs(a.id),
      lastmod: latest(a.updatedAt, postsUpdated.get(a.id)),
      cluster: cluster(`app:${a.id}`, paths.appBlogs(a.id)),
    })),
    ...appList
      .filter((a) => privacyUpdated.has(a.id))
      .map((a) => ({
        loc: paths.appPrivacy(a.slug),
        lastmod: privacyUpdated.get(a.id),
        cluster: cluster(`app-page:${a.id}-privacy`, paths.appPrivacy(a.slug)),
      })),
    ...appList.map((a) => ({
      loc: paths.appSupport(a.slug),
      lastmod: latest(a.updatedAt, appTexts.get(a.id)?.updatedAt),
      cluster: cluster(`app-page:${a.id}-support`, paths.appSupport(a.slug)),
    })),
    // Apps' release notes pages (issue 26), where the app has a version.
    ...releasePages,
    ...appList
      .filter((a) => appTexts.get(a.id)?.accountDeletion)
      .map((a) => ({
        loc: paths.appDeleteAccount(a.slug),
        lastmod: latest(a.updatedAt, appTexts.get(a.id)?.updatedAt),
        cluster: cluster(`app-page:${a.id}-deletion`, paths.appDeleteAccount(a.slug)),
      })),
  ];
  // Parts of at most 50,000 addresses (each language's address counts; the pages are short).
  const chunks: Url[][] = [[]];
  let inChunk = 0;
  for (const u of urls) {
    const n = u.cluster?.length ? u.cluster.length - 1 : 1;
    if (inChunk + n > SITEMAP_MAX_URLS) {
      chunks.push([]);
      inChunk = 0;
    }
    chunks.at(-1)!.push(u);
    inChunk += n;
  }
  return {
    locales,
    postsPerPart: size,
    pages: chunks,
    posts: ranges.filter((r) => r.count > 0).map((r) => ({ part: r.part, updatedAt: r.updatedAt })),
  };
}

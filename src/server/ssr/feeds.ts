// For search engines and feed readers: robots.txt (naming the sitemap index, ssr/sitemap.ts) and RSS 2.0 feeds.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdParamsSchema } from '../../shared/schemas/common';
import { paths } from '../../shared/paths';
import { excerpt } from '../../shared/text';
import { notFound } from '../lib/errors';
import type { AppModule } from '../types';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import { ContentCache } from '../lib/content-cache';
import { canonicalLocale, type SiteLocale } from '../../shared/locales';

/** Posts in a feed: the newest (issue 28: a feed's cost does not grow with the blog). */
export const FEED_ITEMS = 50;

/** Bytes of feeds kept in memory. */
const FEEDS_CACHE_BYTES = 8 * 1024 * 1024;

// Characters XML 1.0 forbids (outside its Char production): C0 controls except tab, line feed and
// carriage return, lone surrogates, U+FFFE and U+FFFF. They cannot even be escaped, so they are dropped.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for an XML element or attribute: forbidden characters dropped, markup escaped. Every value goes through it. */
export const xml = (s: string) =>
  s
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export const feedsModule: AppModule = async (app, { deps }) => {
  const base = deps.config.siteUrl;
  const blogs = deps.repos.blogs;
  const site = deps.repos.siteSettings;
  const translations = deps.repos.translations;
  const cache = new ContentCache<{ xml: string }>(deps.content, {
    maxBytes: FEEDS_CACHE_BYTES,
    sizeOf: (entry) => Buffer.byteLength(entry.xml),
  });

  /** The kept file, or one making of it shared by every request that misses it at the same moment. */
  const cached = async (key: string, make: () => Promise<string>) =>
    (await cache.getOrMake(key, async () => ({ xml: await make() }))).xml;
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.type(type).header('cache-control', 'public, max-age=300').send(body);

  app.get('/robots.txt', (_request, reply) =>
    send(
      reply,
      'text/plain; charset=utf-8',
      `User-agent: *\nAllow: /\nDisallow: /admin-page\nDisallow: /api\n\nSitemap: ${base}${paths.sitemap}\n`,
    ),
  );

  const rss = (
    title: string,
    link: string,
    selfPath: string,
    description: string,
    posts: BlogPost[],
    /** Each post's category: its app's name; under null, the studio's (its studio posts, issue 26). */
    appTitles: Map<number | null, string>,
    language: Pick<SiteLocale, 'code' | 'isDefault'> = { code: 'en', isDefault: true },
  ) => {
    const items = posts
      .map((p) => {
        const url = `${base}${language.isDefault ? '' : `/${language.code}`}${paths.readablePost(p)}`;
        const category = appTitles.get(p.appId);
        return `    <item>
      <title>${xml(p.title)}</title>
      <link>${xml(url)}</link>
      <guid isPermaLink="true">${xml(url)}</guid>
      <pubDate>${new Date(p.publishedAt ?? p.createdAt).toUTCString()}</pubDate>
      ${category ? `<category>${xml(category)}</category>` : ''}
      <description>${xml(p.excerpt || excerpt(p.content, 400))}</description>
    </item>`;
      })
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(title)}</title>
    <link>${xml(link)}</link>
    <description>${xml(description)}</description>
    <language>${xml(language.code)}</language>
    <atom:link href="${xml(base + selfPath)}" rel="self" type="application/rss+xml"/>
${posts[0] ? `    <lastBuildDate>${new Date(posts[0].publishedAt ?? posts[0].createdAt).toUTCString()}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`;
  };

  /** Every published post of the visible apps, newest first, as the site's feed or the blog index's. */
  const allPostsFeed = async (link: string, selfPath: string) => {
    const [appList, posts, settings] = await Promise.all([
      deps.visibleApps.visitorApps(),
      blogs.latestPublished(FEED_ITEMS),
      site.get(),
    ]);
    const titles = new Map<number | null, string>(appList.map((a) => [a.id, a.title]));
    titles.set(null, settings.name);
    const [fallback] = settings.locales;
    return rss(
      `${settings.name} blog`,
      link,
      selfPath,
      `News and devlogs from ${settings.name}`,
      posts,
      titles,
      fallback,
    );
  };

  /**
   * The same feeds in another language (issue 24): the posts published in it, in it, at their
   * addresses in it; the studio's and apps' names as translated.
   */
  const localeFeed = async (code: string, link: (prefix: string) => string, selfPath: (prefix: string) => string) => {
    const locales = await site.locales();
    const language = locales.find((l) => l.code === code && !l.isDefault);
    if (!language) throw notFound('Feed');
    const prefix = `/${language.code}`;
    const [appList, posts, settings] = await Promise.all([
      deps.visibleApps.visitorApps(),
      blogs.latestPublished(FEED_ITEMS, { locale: code }),
      site.get(),
    ]);
    const [postRows, appRows, siteRow] = await Promise.all([
      translations.forItems(
        'post',
        posts.map((p) => String(p.id)),
        code,
      ),
      translations.forItems(
        'app',
        appList.map((a) => String(a.id)),
        code,
      ),
      translations.get('page', 'site', code),
    ]);
    const textOf = (row: { fields: unknown } | undefined, name: string) => {
      const value = (row?.fields as Record<string, unknown> | undefined)?.[name];
      return typeof value === 'string' && value ? value : undefined;
    };
    const shown = posts.flatMap((p) => {
      const row = postRows.get(String(p.id));
      if (!row?.isPublished || row.useDefault) return [];
      const fields = row.fields as Record<string, string>;
      return [
        {
          ...p,
          title: fields.title ?? '',
          content: fields.content ?? '',
          excerpt: fields.excerpt ?? '',
          slug: row.slug ?? p.slug,
        },
      ];
    });
    const titles = new Map<number | null, string>(
      appList.map((a) => {
        const row = appRows.get(String(a.id));
        return [a.id, (row?.isPublished && textOf(row, 'title')) || a.title];
      }),
    );
    const name = (siteRow?.isPublished && textOf(siteRow, 'name')) || settings.name;
    titles.set(null, name);
    return rss(`${name} blog`, link(prefix), selfPath(prefix), `${name}`, shown, titles, language);
  };

  app.get(paths.rss, async (_request, reply) => {
    const body = await cached('rss', () => allPostsFeed(`${base}/`, paths.rss));
    return send(reply, 'application/rss+xml; charset=utf-8', body);
  });

  // The blog index's own feed: the same posts, its channel the index.
  app.get(paths.blogRss, async (_request, reply) => {
    const body = await cached('rss:blog', () => allPostsFeed(`${base}${paths.blogIndex}`, paths.blogRss));
    return send(reply, 'application/rss+xml; charset=utf-8', body);
  });

  app.get('/:locale/rss.xml', async (request: FastifyRequest<{ Params: { locale: string } }>, reply) => {
    const code = canonicalLocale(request.params.locale);
    if (!code) throw notFound('Feed');
    const body = await cached(`rss@${code}`, () =>
      localeFeed(
        code,
        (prefix) => `${base}${prefix}`,
        (prefix) => `${prefix}${paths.rss}`,
      ),
    );
    return send(reply, 'application/rss+xml; charset=utf-8', body);
  });

  app.get('/:locale/blog/rss.xml', async (request: FastifyRequest<{ Params: { locale: string } }>, reply) => {
    const code = canonicalLocale(request.params.locale);
    if (!code) throw notFound('Feed');
    const body = await cached(`rss:blog@${code}`, () =>
      localeFeed(
        code,
        (prefix) => `${base}${prefix}${paths.blogIndex}`,
        (prefix) => `${prefix}${paths.blogRss}`,
      ),
    );
    return send(reply, 'application/rss+xml; charset=utf-8', body);
  });

  app.get(
    '/apps/:id/rss.xml',
    { schema: { params: IdParamsSchema } },
    async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
      const id = request.params.id;
      const body = await cached(`rss:${id}`, async () => {
        const found = await deps.visibleApps.visitorApp(id);
        if (!found) throw notFound('App');
        const posts = await blogs.latestPublished(FEED_ITEMS, { appId: id });
        return rss(
          `${found.title} blog`,
          `${base}${paths.appBlogs(id)}`,
          paths.appRss(id),
          `News and updates about ${found.title}`,
          posts,
          new Map([[id, found.title]]),
        );
      });
      return send(reply, 'application/rss+xml; charset=utf-8', body);
    },
  );
};

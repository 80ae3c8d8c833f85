// For search engines and feed readers: robots.txt, sitemap.xml and RSS 2.0 feeds.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdParamsSchema } from '../../shared/schemas/common';
import { paths } from '../../shared/paths';
import { excerpt } from '../../shared/text';
import { notFound } from '../lib/errors';
import type { AppModule } from '../types';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import { ContentCache } from '../lib/content-cache';

/** Bytes of feeds and sitemaps kept in memory. */
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
  const pages = deps.repos.pages;
  const press = deps.repos.press;
  const appPages = deps.repos.appPages;
  const appPrivacy = deps.repos.appPrivacy;
  const cache = new ContentCache<{ xml: string }>(deps.content, {
    maxBytes: FEEDS_CACHE_BYTES,
    sizeOf: (entry) => Buffer.byteLength(entry.xml),
  });

  const cached = async (key: string, make: () => Promise<string>) => {
    const hit = cache.get(key);
    if (hit) return hit.xml;
    const ticket = cache.ticket();
    const xml = await make();
    cache.set(key, { xml }, ticket);
    return xml;
  };
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.type(type).header('cache-control', 'public, max-age=300').send(body);

  app.get('/robots.txt', (_request, reply) =>
    send(
      reply,
      'text/plain; charset=utf-8',
      `User-agent: *\nAllow: /\nDisallow: /admin-page\nDisallow: /api\n\nSitemap: ${base}${paths.sitemap}\n`,
    ),
  );

  app.get(paths.sitemap, async (_request, reply) => {
    const body = await cached('sitemap', async () => {
      // Apps with a privacy policy of their own (issue 14), and when it last changed.
      const privacyUpdated = await appPrivacy.updatedByApp();
      // Apps' support pages (always there) and deletion pages (when the app has accounts).
      const appTexts = await appPages.savedByApp();
      // Press kits (issue 14): the studio's and every visible app's page, changed with their kit or app.
      const pressUpdated = await press.updatedByApp();
      const [appList, posts, home, about, contact, privacy] = await Promise.all([
        deps.visibleApps.visitorApps(),
        blogs.listPublished(),
        pages.getHome(),
        pages.getAbout(),
        pages.getContact(),
        pages.getPrivacy(),
      ]);
      // The newest of the dates a page is made from (ISO strings sort as time).
      const latest = (...dates: (string | undefined)[]) => dates.filter(Boolean).sort().at(-1);
      const postDates = (list: BlogPost[]) => list.map((p) => p.updatedAt);
      const urls: { loc: string; lastmod?: string }[] = [
        { loc: paths.home, lastmod: latest(home?.updatedAt, ...appList.map((a) => a.updatedAt)) },
        { loc: paths.about, lastmod: about?.updatedAt },
        { loc: paths.contact, lastmod: contact?.updatedAt },
        { loc: paths.privacy, lastmod: privacy?.updatedAt },
        { loc: paths.blogIndex, lastmod: latest(...postDates(posts)) },
        { loc: paths.press, lastmod: latest(pressUpdated.get(null), ...appList.map((a) => a.updatedAt)) },
        ...appList.map((a) => ({
          loc: paths.appPress(a.slug),
          lastmod: latest(a.updatedAt, pressUpdated.get(a.id), pressUpdated.get(null)),
        })),
        // An app's page shows its latest posts: it changes with them.
        ...appList.map((a) => ({
          loc: paths.app(a.slug),
          lastmod: latest(a.updatedAt, ...postDates(posts.filter((p) => p.appId === a.id))),
        })),
        ...appList.map((a) => ({
          loc: paths.appBlogs(a.id),
          lastmod: latest(a.updatedAt, ...postDates(posts.filter((p) => p.appId === a.id))),
        })),
        ...posts.map((p) => ({ loc: paths.readablePost(p), lastmod: p.updatedAt })),
        ...appList
          .filter((a) => privacyUpdated.has(a.id))
          .map((a) => ({ loc: paths.appPrivacy(a.slug), lastmod: privacyUpdated.get(a.id) })),
        ...appList.map((a) => ({
          loc: paths.appSupport(a.slug),
          lastmod: latest(a.updatedAt, appTexts.get(a.id)?.updatedAt),
        })),
        ...appList
          .filter((a) => appTexts.get(a.id)?.accountDeletion)
          .map((a) => ({
            loc: paths.appDeleteAccount(a.slug),
            lastmod: latest(a.updatedAt, appTexts.get(a.id)?.updatedAt),
          })),
      ];
      return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls
  .map(
    (u) =>
      `  <url><loc>${xml(base + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
  )
  .join('\n')}
</urlset>
`;
    });
    return send(reply, 'application/xml; charset=utf-8', body);
  });

  const rss = (
    title: string,
    link: string,
    selfPath: string,
    description: string,
    posts: BlogPost[],
    appTitles: Map<number, string>,
  ) => {
    const items = posts
      .map((p) => {
        const url = `${base}${paths.readablePost(p)}`;
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
    <language>en</language>
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
      blogs.listPublished(),
      site.get(),
    ]);
    const titles = new Map(appList.map((a) => [a.id, a.title]));
    return rss(`${settings.name} blog`, link, selfPath, `News and devlogs from ${settings.name}`, posts, titles);
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

  app.get(
    '/apps/:id/rss.xml',
    { schema: { params: IdParamsSchema } },
    async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
      const id = request.params.id;
      const body = await cached(`rss:${id}`, async () => {
        const found = await deps.visibleApps.visitorApp(id);
        if (!found) throw notFound('App');
        const posts = await blogs.listByApp(id, false);
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

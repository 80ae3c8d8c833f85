// An app's release notes as an Atom feed (issue 26): /apps/{slug}/releases.xml, newest version
// first, each entry linking to its place on the app's release notes page. The default language's
// text, as the apps' other feeds; hidden apps have none. Kept until content changes.
import type { FastifyRequest } from 'fastify';
import { paths } from '../../shared/paths';
import { ContentCache } from '../lib/content-cache';
import { notFound } from '../lib/errors';
import { PLATFORM_NAMES, type Platform } from '../../shared/schemas/apps';
import type { AppModule } from '../types';
import { xml } from './feeds';

/** Bytes of release feeds kept in memory. */
const RELEASE_FEEDS_CACHE_BYTES = 2 * 1024 * 1024;
/** Entries in a feed: the newest versions. */
export const RELEASE_FEED_ENTRIES = 50;

/** The anchor of a release on its app's release notes page. */
export const releaseAnchor = (releaseId: number) => `release-${releaseId}`;

export const releaseFeedModule: AppModule = async (app, { deps }) => {
  const base = deps.config.siteUrl;
  const cache = new ContentCache<{ xml: string }>(deps.content, {
    maxBytes: RELEASE_FEEDS_CACHE_BYTES,
    sizeOf: (entry) => Buffer.byteLength(entry.xml),
  });

  app.get('/apps/:slug/releases.xml', async (request: FastifyRequest<{ Params: { slug: string } }>, reply) => {
    const slug = request.params.slug;
    if (!/^[a-z0-9-]{1,200}$/.test(slug)) throw notFound('Feed');
    let body = cache.get(slug)?.xml;
    if (!body) {
      const ticket = cache.ticket();
      const found = await deps.visibleApps.visitorApp(slug);
      if (!found) throw notFound('App');
      const releases = (await deps.repos.appReleases.list(found.id)).slice(0, RELEASE_FEED_ENTRIES);
      const settings = await deps.repos.siteSettings.get();
      const page = `${base}${paths.appReleases(found.slug)}`;
      const self = `${base}${paths.appReleasesFeed(found.slug)}`;
      const updated =
        releases
          .map((r) => r.updatedAt)
          .sort()
          .at(-1) ?? found.updatedAt;
      const entries = releases.map((r) => {
        const platforms = r.platforms
          .filter((p): p is Platform => p in PLATFORM_NAMES)
          .map((p) => PLATFORM_NAMES[p])
          .join(', ');
        const link = `${page}#${releaseAnchor(r.id)}`;
        return `  <entry>
    <title>${xml(`${found.title} ${r.version}`)}</title>
    <id>${xml(link)}</id>
    <link rel="alternate" type="text/html" href="${xml(link)}"/>
    <published>${r.releasedOn}T00:00:00Z</published>
    <updated>${xml(r.updatedAt)}</updated>
${platforms ? `    <category term="${xml(platforms)}"/>\n` : ''}    <content type="text">${xml(r.notes)}</content>
  </entry>`;
      });
      body = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xml(settings.locales[0]?.code ?? 'en')}">
  <title>${xml(`${found.title}: release notes`)}</title>
  <subtitle>${xml(`What's new in each version of ${found.title}`)}</subtitle>
  <id>${xml(page)}</id>
  <link rel="alternate" type="text/html" href="${xml(page)}"/>
  <link rel="self" type="application/atom+xml" href="${xml(self)}"/>
  <updated>${xml(updated)}</updated>
  <author><name>${xml(settings.name)}</name></author>
${entries.join('\n')}
</feed>
`;
      cache.set(slug, { xml: body }, ticket);
    }
    return reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
  });
};

// The files stores and ad networks fetch from the site's root (issue 13): app-ads.txt and ads.txt
// as staff wrote them, and the two .well-known files made from the apps' store fields. Each answers
// at its one address with 200 or 404, never a redirect, cached in memory until content changes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { api, paths } from '../../../shared/paths';
import {
  appleAppSiteAssociation,
  assetLinks,
  isSiteFileName,
  SiteFileBodySchema,
  siteFileInputSchema,
  SiteFileSchema,
  SITE_FILE_NAMES,
  type SiteFileName,
} from '../../../shared/schemas/site-files';
import type { App } from '../../../shared/schemas/apps';
import { ContentCache } from '../../lib/content-cache';
import { etagOf, notModified } from '../../lib/etag';
import { HttpError, invalid, notFound } from '../../lib/errors';
import type { AppModule } from '../../types';

/** Bytes of these files kept in memory (each is at most 1 MB; usually a few hundred bytes). */
const CACHE_BYTES = 4 * 1024 * 1024;
/** Crawlers and proxies may keep a file this long; the admin's own check asks past it. */
const CACHE_CONTROL = 'public, max-age=300';

const NameParamsSchema = z.object({ name: z.string() });

interface Served {
  /** Null: nothing to serve (404). */
  body: string | null;
  etag: string;
}

export const siteFilesModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.siteFiles;
  const cache = new ContentCache<Served>(deps.content, {
    maxBytes: CACHE_BYTES,
    sizeOf: (entry) => Buffer.byteLength(entry.body ?? ''),
  });

  const fileName = (name: string): SiteFileName => {
    if (!isSiteFileName(name)) throw notFound('Site file');
    return name;
  };

  app.get(
    api.siteFile(':name'),
    { onRequest: auth.requireStaff, schema: { params: NameParamsSchema, response: { 200: SiteFileSchema } } },
    async (request) => repo.get(fileName(request.params.name)),
  );

  app.put(
    api.siteFile(':name'),
    {
      onRequest: auth.requireStaff,
      config: { changesContent: true },
      schema: { params: NameParamsSchema, body: SiteFileBodySchema, response: { 200: SiteFileSchema } },
    },
    async (request) => {
      const name = fileName(request.params.name);
      // The line rules depend on the file (subdomain= is ads.txt's alone), so they run here.
      const parsed = siteFileInputSchema(name).safeParse(request.body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
        throw invalid(issues[0]?.message ?? 'Invalid file', issues);
      }
      return deps.audit.write(request, {
        type: 'site-file',
        verb: 'update',
        id: name,
        label: name,
        before: () => repo.get(name),
        write: () => repo.put(name, parsed.data.content),
      });
    },
  );

  /** The body for `key`, from memory or made now (kept only if content did not change meanwhile). */
  const served = async (key: string, make: () => Promise<string | null>): Promise<Served> => {
    const hit = cache.get(key);
    if (hit) return hit;
    const ticket = cache.ticket();
    const body = await make();
    const entry = {
      body,
      etag: etagOf(body ?? ''),
    };
    cache.set(key, entry, ticket);
    return entry;
  };

  const send = (request: FastifyRequest, reply: FastifyReply, type: string, entry: Served & { body: string }) => {
    reply.type(type).header('cache-control', CACHE_CONTROL);
    if (notModified(request, reply, entry.etag)) return reply.send();
    return reply.send(entry.body);
  };

  for (const name of SITE_FILE_NAMES) {
    app.get(paths.siteFile(name), async (request, reply) => {
      const entry = await served(name, async () => (await repo.get(name)).content || null);
      if (entry.body === null) {
        // Not cached by anyone: the file may be written any minute.
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(`${name} has not been published on this site.\n`);
      }
      return send(request, reply, 'text/plain; charset=utf-8', { ...entry, body: entry.body });
    });
  }

  /** A .well-known JSON file made from the visible apps; 404 (the error shape) when none supplies it. */
  const wellKnown = (path: string, make: (list: App[]) => unknown, message: string) =>
    app.get(path, async (request, reply) => {
      const entry = await served(path, async () => {
        const made = make(await deps.visibleApps.visitorApps());
        return made === null ? null : `${JSON.stringify(made, null, 2)}\n`;
      });
      if (entry.body === null) {
        reply.header('cache-control', 'no-cache');
        throw new HttpError('NOT_FOUND', message);
      }
      return send(request, reply, 'application/json', { ...entry, body: entry.body });
    });

  wellKnown(
    paths.appleAppSiteAssociation,
    appleAppSiteAssociation,
    'No app on this site has both an Apple team id and a bundle id',
  );
  wellKnown(
    paths.assetLinks,
    assetLinks,
    'No app on this site has both an Android package name and a signing certificate fingerprint',
  );
};

// Visitors' reads of public content are answered from memory until the content changes.
// Only anonymous GETs are cached (staff may see drafts and hidden links), and only on routes that
// opt in. The key is the route and its validated parameters, never the raw URL, so `?x=1`,
// `%31` and the like cannot multiply entries; the cache is bounded by bytes and version-checked.
import type { FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../shared/schemas/paging';
import { ContentCache, type Ticket } from '../lib/content-cache';
import type { Auth } from './auth';
import type { AppInstance, Deps } from '../types';

interface Entry {
  body: string;
  type: string;
  /** A page of a list's total (X-Total-Count), which the reply is not complete without. */
  total?: string;
}

/** Bytes of API replies kept in memory. */
export const READ_CACHE_BYTES = 16 * 1024 * 1024;

/** The route and what its schema let through: one key per resource, whatever the URL's spelling. */
export function readCacheKey(request: FastifyRequest): string {
  const { url, schema } = request.routeOptions;
  // Query parameters count only when the route declares them (and then only the validated ones).
  const query = schema?.querystring ? JSON.stringify(request.query) : '';
  // The language of a translated read (?locale=, see modules/translations/locale-reads.ts).
  return `${url}|${JSON.stringify(request.params ?? {})}|${query}|${request.contentLocale ?? ''}`;
}

export function registerReadCache(app: AppInstance, deps: Deps, auth: Auth): ContentCache<Entry> {
  const cache = new ContentCache<Entry>(deps.content, {
    maxBytes: READ_CACHE_BYTES,
    sizeOf: (entry) => Buffer.byteLength(entry.body),
  });
  /** A miss being answered: its key, the version it read, and how it tells the requests waiting for it. */
  const tickets = new WeakMap<FastifyRequest, { key: string; ticket: Ticket; land: (entry?: Entry) => void }>();

  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && request.routeOptions.config.publicRead && !request.cookies[auth.cookieName];

  // preHandler: after validation, so the key is built from parsed parameters.
  app.addHook('preHandler', async (request, reply) => {
    if (!cacheable(request)) return;
    const key = readCacheKey(request);
    const send = (entry: Entry) => {
      if (entry.total !== undefined) reply.header(TOTAL_COUNT_HEADER, entry.total);
      return reply.type(entry.type).send(entry.body);
    };
    const hit = cache.get(key);
    if (hit) return send(hit);
    // Single flight: the first miss answers; the requests that miss the same read meanwhile wait for
    // its reply and share it (a reply that is not a 200 is not shared: each then answers itself).
    let land!: (entry?: Entry) => void;
    const mine = new Promise<Entry | undefined>((resolve) => (land = resolve));
    const flight = cache.once(key, () => mine);
    if (flight !== mine) {
      const shared = await flight;
      if (shared) return send(shared);
    }
    tickets.set(request, { key, ticket: cache.ticket(), land });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = tickets.get(request);
    if (!pending) return payload;
    tickets.delete(request);
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      pending.land();
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? 'application/json');
    const total = reply.getHeader(TOTAL_COUNT_HEADER);
    const entry = { body: payload, type, ...(total === undefined ? {} : { total: String(total) }) };
    cache.set(pending.key, entry, pending.ticket);
    pending.land(entry);
    return payload;
  });
  // A miss that ended without a reply sent (the client went away) still lets its waiters go on.
  const gone = async (request: FastifyRequest) => {
    tickets.get(request)?.land();
    tickets.delete(request);
  };
  app.addHook('onResponse', gone);
  app.addHook('onRequestAbort', gone);
  return cache;
}

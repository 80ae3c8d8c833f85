// Public pages: server-rendered, cached per path until content changes, with ETags and
// precompressed variants. Signed-in staff get fresh, private pages (they may preview drafts).
import { PassThrough, type Transform } from 'node:stream';
import { brotliCompressSync, constants as zlib, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteFrom, type SiteInfo } from '../../client/page-kit/site-context';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { etagOf, notModified } from '../lib/etag';
import type { ModuleOptions } from '../types';
import type { AssetResolver } from './assets';
import { renderDocument, renderErrorDocument } from './html';
import { canonicalPagePath, canonicalQuery } from './page-paths';
import { PREVIEW_ROUTE } from './page-post';
import { matchPublicRoute } from '../../client/app/public-pages';
import { splitLocalePath } from '../../client/page-kit/locale';
import { intlFor } from '../../client/page-kit/intl';
import { knownLocale } from '../../shared/locales';
import { DELETION_CONFIRM_ROUTE } from '../../client/routes/public/deletion-confirm';
import { contactFormFromQuery, contactFormRoute } from './contact-form';
import { deletionFormRoute } from './deletion-form';
import { subscriptionFormsRoute } from './subscription-forms';
import { SUBSCRIPTION_CONFIRM_ROUTE, UNSUBSCRIBE_ROUTE } from '../../client/routes/public/subscriptions';
import { createRenderer, PageDataError, type PageRender, type RenderedPage, type RenderOptions } from './render';
import { THEME_SCRIPT } from '../../client/lib/theme-script';
import { api } from '../../shared/paths';
import { visitorPlatform } from '../../shared/visitor-platform';

export interface CachedPage {
  etag: string;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Rendered pages kept in memory (all three encodings count). */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** How long a visitor is asked to wait when the database cannot be reached. */
const RETRY_AFTER_S = 5;

export function compressPage(page: RenderedPage): CachedPage {
  const raw = Buffer.from(page.html);
  return {
    etag: etagOf(raw),
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
  };
}

type Encoding = 'br' | 'gzip' | 'identity';

const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

/** The best encoding the client accepts, by its q-values (br before gzip on a tie). */
export function chooseEncoding(request: FastifyRequest): Encoding {
  const accept = request.headers['accept-encoding'];
  if (!accept) return 'identity';
  return (negotiate(accept, ENCODINGS) as Encoding | null) ?? 'identity';
}

/** Each encoding is a different representation, so each has its own ETag. */
const etagFor = (etag: string, encoding: Encoding) =>
  encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;

/** Adds a request header to the reply's Vary list (a page may vary by more than its encoding). */
export function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const fields = current ? String(current).split(/\s*,\s*/) : [];
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  return reply.header('vary', fields.join(', '));
}

/** Sends a cached body in the best encoding the client accepts. */
export function sendCompressed(reply: FastifyReply, page: Pick<CachedPage, 'raw' | 'gzip' | 'br'>, encoding: Encoding) {
  addVary(reply, 'Accept-Encoding');
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.raw);
}

/**
 * Sends a streamed page: its start at once (flushed through the compressor, so the browser shows
 * it), the rest when it is ready (a read that failed shows as the page's own error state, a
 * render that failed as a notice: see render.tsx).
 */
function sendStreamed(reply: FastifyReply, page: Extract<PageRender, { kind: 'streamed' }>, encoding: Encoding) {
  const out: Transform =
    encoding === 'br'
      ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? createGzip({ level: 6 })
        : new PassThrough();
  const flush = () => {
    if ('flush' in out && typeof out.flush === 'function') (out.flush as () => void)();
  };
  addVary(reply, 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  out.write(page.start);
  flush();
  void page.rest.then(
    ({ rest }) => out.end(rest),
    (error: unknown) => {
      reply.log.error({ err: error }, 'streamed page render failed');
      out.end('</main></div></body></html>');
    },
  );
  return reply.code(page.status).send(out);
}

export interface PagesOptions {
  assets: () => AssetResolver;
  /** Development: Vite turns the document into one with its client and HMR. */
  transformHtml?: (url: string, html: string) => Promise<string>;
}

/** The public website's pages (registered with `web`: without it the app serves the API only). */
export const publicPagesModule: FastifyPluginAsync<
  ModuleOptions & { web: PagesOptions },
  RawServerDefault,
  ZodTypeProvider
> = async (app, { deps, auth, web: options }) => {
  // The last site a render found: error pages (made without one) show the current name.
  let site: SiteInfo = { name: deps.config.siteName, url: deps.config.siteUrl };
  const render = createRenderer({ app, site, assets: options.assets, onSite: (found) => (site = found) });
  // Only complete pages (200) are kept: not-found and error renders are made each time, so
  // neither made-up paths nor an outage can fill the cache or outlive the moment.
  const cache = deps.caches.pages;

  /** The error page, in the language of the address asked for (its shipped words: nothing is read). */
  const sendError = (reply: FastifyReply, status: 404 | 500 | 503, url?: string) => {
    if (status === 503) reply.header('retry-after', RETRY_AFTER_S);
    const code = url ? splitLocalePath(url.split('?')[0]!).locale : undefined;
    const known = code ? knownLocale(code) : undefined;
    const locale = known && { code: known.code, dir: known.dir, prefix: `/${known.code}`, t: intlFor(known.code).t };
    const html = renderErrorDocument({
      site,
      status,
      assets: options.assets().public,
      themeScript: THEME_SCRIPT,
      locale: locale || undefined,
    });
    return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  /** A render that failed: 503 when the database cannot be reached, else 500 (logged). */
  const sendRenderFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (error instanceof PageDataError && error.status === 503) return sendError(reply, 503, request.url);
    request.log.error({ err: error }, 'page render failed');
    return sendError(reply, 500, request.url);
  };

  /** A page that lives at another address now (a post's old slug): there for good, with the same query. */
  const sendMoved = (request: FastifyRequest, reply: FastifyReply, to: string) => {
    const at = request.url.indexOf('?');
    return reply.redirect(at < 0 ? to : to + request.url.slice(at), 301);
  };

  /** A page made for this request alone (staff, a form's outcome, a shared draft): never cached or shared. */
  const sendFresh = async (
    request: FastifyRequest,
    reply: FastifyReply,
    location: string,
    renderOptions: RenderOptions,
    status?: number,
  ) => {
    try {
      const rendered = await render(location, { ...renderOptions, stream: !options.transformHtml });
      if (rendered.kind === 'moved') return sendMoved(request, reply, rendered.to);
      reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
      if (rendered.kind === 'streamed') {
        return sendStreamed(reply, { ...rendered, status: status ?? rendered.status }, chooseEncoding(request));
      }
      const { page } = rendered;
      const html = options.transformHtml ? await options.transformHtml(request.url, page.html) : page.html;
      return reply.code(status ?? page.status).send(html);
    } catch (error) {
      return sendRenderFailure(request, reply, error);
    }
  };
  /** Staff (any session cookie) get private renders: they may see drafts. */
  const staffCookie = (request: FastifyRequest) =>
    request.cookies[auth.cookieName] ? request.headers.cookie : undefined;

  /** One render of a page visitors share: a complete 200 is compressed and kept (unless content changed meanwhile). */
  type SharedRender =
    Extract<PageRender, { kind: 'moved' | 'streamed' }> | { kind: 'page'; page: RenderedPage; kept?: CachedPage };
  const renderKept = async (key: string, location: string, renderOptions: RenderOptions): Promise<SharedRender> => {
    const ticket = cache.ticket();
    const rendered = await render(location, { ...renderOptions, stream: true });
    if (rendered.kind === 'moved') return rendered;
    if (rendered.kind === 'streamed') {
      // Kept once complete, if every read succeeded: the next visitor gets it whole.
      rendered.rest.then(
        ({ complete }) => {
          if (complete?.status === 200) cache.set(key, compressPage(complete), ticket);
        },
        () => undefined, // logged where the page is sent
      );
      return rendered;
    }
    if (rendered.page.status !== 200) return { kind: 'page', page: rendered.page };
    const kept = compressPage(rendered.page);
    cache.set(key, kept, ticket);
    return { kind: 'page', page: rendered.page, kept };
  };
  /** A streamed render is shared until its end is there (and kept): later visitors then get it from the cache. */
  const keptWhen = (flight: SharedRender) => (flight.kind === 'streamed' ? flight.rest : undefined);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ message: `No route for GET ${url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    const rawPath = url.split('?')[0]!;
    const canonical = canonicalPagePath(rawPath);
    if (canonical.kind === 'invalid') return sendError(reply, 404, rawPath);
    if (canonical.kind === 'redirect') return reply.redirect(canonical.to + url.slice(rawPath.length), 301);
    const pathname = canonical.path;
    reply.type('text/html; charset=utf-8');

    // The admin area is rendered in the browser: an empty shell that search engines must not index.
    if (pathname === '/admin-page' || pathname.startsWith('/admin-page/')) {
      const settings = await app.inject({ method: 'GET', url: api.siteSettings });
      if (settings.statusCode === 200) site = siteFrom(settings.json<SiteSettings>(), site);
      const html = renderDocument({
        site,
        head: {
          title: `Admin | ${site.name}`,
          description: `${site.name} content admin`,
          path: pathname,
          noindex: true,
        },
        body: '',
        boot: { site },
        assets: options.assets().admin,
        themeScript: THEME_SCRIPT,
      });
      const out = options.transformHtml ? await options.transformHtml(url, html) : html;
      return reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store').send(out);
    }

    const cookie = staffCookie(request);
    const rawQuery = url.slice(rawPath.length + 1);
    const contactForm = contactFormFromQuery(pathname, rawQuery);
    // A page that reads its query (the blog index's page and app) is rendered and kept with the
    // parameters it reads, in one spelling; any other query is ignored.
    const { route } = matchPublicRoute(splitLocalePath(pathname).path);
    const query = route.search ? canonicalQuery(route.search, rawQuery) : '';
    const location = query ? `${pathname}?${query}` : pathname;
    // A page that varies by the visitor's platform (an app page's store badges) is one of three
    // variants, each rendered and kept on its own; caches between are told it depends on the User-Agent.
    const platform = route.variesByPlatform ? visitorPlatform(request.headers['user-agent']) : undefined;
    if (platform) addVary(reply, 'User-Agent');
    // A shared draft, or a deletion request's confirmation link (issue 21): for whoever holds the
    // link alone, never indexed, never kept, and the secret is not passed on as a referrer (the
    // confirmation page's own form posts to the site, so its browser still says where it comes from).
    if (route.path === PREVIEW_ROUTE || route.path === DELETION_CONFIRM_ROUTE) {
      reply
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', route.path === PREVIEW_ROUTE ? 'no-referrer' : 'same-origin');
      return sendFresh(request, reply, location, { cookie, platform });
    }
    // A sign-up's confirmation link, and a subscriber's unsubscribe page (issue 26): the same, by their secret.
    if (route.path === SUBSCRIPTION_CONFIRM_ROUTE || route.path === UNSUBSCRIBE_ROUTE) {
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'same-origin');
      return sendFresh(request, reply, location, { cookie, platform });
    }
    if (cookie) return sendFresh(request, reply, location, { cookie, contactForm, platform });
    // The contact page after a plain send is the same for everyone: kept under its own key.
    const key = (contactForm ? `${pathname}?sent=1` : location) + (platform ? `#platform=${platform}` : '');

    try {
      if (options.transformHtml) {
        // Development: Vite's document, made for each request.
        const rendered = await render(location, { stream: false, contactForm, platform });
        if (rendered.kind === 'moved') return sendMoved(request, reply, rendered.to);
        if (rendered.kind === 'streamed') throw new Error('a page rendered without streaming was streamed');
        const html = await options.transformHtml(url, rendered.page.html);
        return reply.code(rendered.page.status).header('cache-control', 'no-store').send(html);
      }
      let page = cache.get(key);
      if (!page) {
        // A miss is rendered once however many visitors ask at the same moment (single flight): they
        // all get this one render (a streamed one each from its start), and it is kept when complete.
        const flight = await cache.once(key, () => renderKept(key, location, { contactForm, platform }), keptWhen);
        if (flight.kind === 'moved') return sendMoved(request, reply, flight.to);
        if (flight.kind === 'streamed') {
          reply.header('cache-control', 'no-store');
          return sendStreamed(reply, flight, chooseEncoding(request));
        }
        if (!flight.kept) {
          return reply.code(flight.page.status).header('cache-control', 'no-store').send(flight.page.html);
        }
        page = flight.kept;
      }
      reply.header('cache-control', 'public, max-age=0, must-revalidate');
      const encoding = chooseEncoding(request);
      const etag = etagFor(page.etag, encoding);
      if (notModified(request, reply, etag)) return addVary(reply, 'Accept-Encoding').send();
      return sendCompressed(reply, page, encoding);
    } catch (error) {
      return sendRenderFailure(request, reply, error);
    }
  };

  app.get('/', handler);
  app.get('/*', handler);
  contactFormRoute(app, (location, contactForm, request, reply, status) =>
    sendFresh(request, reply, location, { cookie: staffCookie(request), contactForm }, status),
  );
  deletionFormRoute(
    app,
    (location, deletionForm, request, reply, status) =>
      sendFresh(request, reply, location, { cookie: staffCookie(request), deletionForm }, status),
    (location, deletionConfirm, request, reply, status) => {
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'same-origin');
      return sendFresh(request, reply, location, { cookie: staffCookie(request), deletionConfirm }, status);
    },
  );
  subscriptionFormsRoute(app, (location, subscription, request, reply, status) => {
    // The answers for one visitor's secret (a link's, a subscriber's) are never indexed.
    if (!subscription.signUp)
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'same-origin');
    return sendFresh(request, reply, location, { cookie: staffCookie(request), subscription }, status);
  });
};

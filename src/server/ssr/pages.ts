// Public pages: server-rendered, cached per path until content changes, with ETags and
// precompressed variants. Signed-in staff get fresh, private pages (they may preview drafts).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteInfo } from '../../client/app/site-context';
import type { Auth } from '../plugins/auth';
import type { AppInstance, Deps } from '../types';
import type { AssetResolver } from './assets';
import { renderDocument } from './html';
import { createRenderer, type RenderedPage } from './render';
import { THEME_SCRIPT } from '../../client/lib/theme-script';

interface CachedPage {
  status: number;
  etag: string;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const MAX_CACHED_PAGES = 500;
const ADMIN_CHUNK = 'src/client/routes/admin/admin-app.tsx';

export function compressPage(page: RenderedPage): CachedPage {
  const raw = Buffer.from(page.html);
  return {
    status: page.status,
    etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
  };
}

type Encoding = 'br' | 'gzip' | 'identity';

function chooseEncoding(request: FastifyRequest): Encoding {
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return 'identity';
}

/** Each encoding is a different representation, so each has its own ETag. */
const etagFor = (etag: string, encoding: Encoding) =>
  encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;

/** Sends a cached body in the best encoding the client accepts. */
export function sendCompressed(reply: FastifyReply, page: Pick<CachedPage, 'raw' | 'gzip' | 'br'>, encoding: Encoding) {
  reply.header('vary', 'Accept-Encoding');
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.raw);
}

export interface PagesOptions {
  assets: () => AssetResolver;
  /** Development: Vite turns the document into one with its client and HMR. */
  transformHtml?: (url: string, html: string) => Promise<string>;
}

export function publicPagesRoutes(app: AppInstance, deps: Deps, auth: Auth, options: PagesOptions): void {
  const site: SiteInfo = { name: deps.config.siteName, url: deps.config.siteUrl };
  const render = createRenderer({ app, site, assets: options.assets });
  const cache = new Map<string, CachedPage>();
  deps.content.onChange(() => cache.clear());

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ message: `No route for GET ${url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    const pathname = url.split('?')[0]!;
    reply.type('text/html; charset=utf-8');

    // The admin area is rendered in the browser: an empty shell that search engines must not index.
    if (pathname === '/admin-page' || pathname.startsWith('/admin-page/')) {
      const html = renderDocument({
        site,
        head: {
          title: `Admin | ${site.name}`,
          description: `${site.name} content admin`,
          path: pathname,
          noindex: true,
        },
        body: '',
        boot: { site, state: { mutations: [], queries: [] } },
        assets: options.assets().forChunk(ADMIN_CHUNK),
        themeScript: THEME_SCRIPT,
      });
      const out = options.transformHtml ? await options.transformHtml(url, html) : html;
      return reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store').send(out);
    }

    // Staff (any session cookie) get a private render: they may see drafts.
    const cookie = request.headers.cookie;
    if (request.cookies[auth.cookieName]) {
      const page = await render(pathname, cookie);
      const html = options.transformHtml ? await options.transformHtml(url, page.html) : page.html;
      return reply.code(page.status).header('cache-control', 'private, no-store').send(html);
    }

    let page = options.transformHtml ? undefined : cache.get(pathname);
    if (!page) {
      const rendered = await render(pathname);
      if (options.transformHtml) {
        const html = await options.transformHtml(url, rendered.html);
        return reply.code(rendered.status).header('cache-control', 'no-store').send(html);
      }
      page = compressPage(rendered);
      if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value!);
      cache.set(pathname, page);
    }
    reply.code(page.status).header('cache-control', 'public, max-age=0, must-revalidate');
    const encoding = chooseEncoding(request);
    if (page.status === 200) {
      const etag = etagFor(page.etag, encoding);
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).header('vary', 'Accept-Encoding').send();
    }
    return sendCompressed(reply, page, encoding);
  };

  app.get('/', handler);
  app.get('/*', handler);
}

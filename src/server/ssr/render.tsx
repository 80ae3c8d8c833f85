// Server rendering of the public routes: prefetch the route's reads through the API itself,
// render React to static HTML with islands, and wrap it in the document with its head tags.
import { Writable } from 'node:stream';
import type { QueryClient } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { PublicApp } from '../../client/app/app';
import { HeadCollector, HeadContext, type HeadData } from '../../client/app/head';
import { publicRoutes } from '../../client/app/routes';
import type { SiteInfo } from '../../client/app/site-context';
import { ApiError } from '../../client/lib/http';
import { makeQueryClient } from '../../client/lib/query-client';
import { THEME_SCRIPT } from '../../client/lib/theme-script';
import type { ContactFormProps } from '../../client/islands/contact-form';
import { api } from '../../shared/paths';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { altTexts } from '../modules/media/media.repo';
import type { AppInstance } from '../types';
import type { AssetResolver } from './assets';
import { renderDocument } from './html';
import { SPECULATION_RULES } from './inline-scripts';
import { pageShareImage } from './share-image-head';
import { structuredData } from './structured-data';

export interface RenderedPage {
  status: number;
  html: string;
}

/** A read the page needs failed on the server's side (database down, a bug): the page cannot be shown. */
export class PageDataError extends Error {
  constructor(readonly status: number) {
    super(`A read for the page answered ${status}`);
  }
}

/** Throws when any prefetched read failed with a server error (a 404 is the page's own not-found state). */
function assertReadsSucceeded(queryClient: QueryClient): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const error = query.state.error;
    if (!error) continue;
    const status = error instanceof ApiError ? error.status : 500;
    if (status >= 500) throw new PageDataError(status);
  }
}

function toHtml(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error);
      },
    });
  });
}

const UPLOADED_IMAGE = /\/media\/[0-9a-f]{16}\/\d+x\d+\.(?:jpg|png|gif)/g;

/** The alt texts the studio wrote for the uploaded images in the page's data, by URL. */
async function imageAlts(app: AppInstance, queryClient: QueryClient): Promise<Record<string, string>> {
  const data = JSON.stringify(
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.state.data),
  );
  const urls = [...new Set(data.match(UPLOADED_IMAGE) ?? [])];
  try {
    return await altTexts(app.deps.database.db, urls);
  } catch (error) {
    throw new PageDataError(isDatabaseUnavailable(error) ? 503 : 500);
  }
}

export interface RendererOptions {
  app: AppInstance;
  site: SiteInfo;
  assets: () => AssetResolver;
}

export interface RenderOptions {
  /** The visitor's cookie: staff see drafts. */
  cookie?: string;
  /** The contact form after a plain POST: its values and errors, or its outcome. */
  contactForm?: ContactFormProps;
}

export function createRenderer({ app, site, assets }: RendererOptions) {
  return async function render(url: string, { cookie, contactForm }: RenderOptions = {}): Promise<RenderedPage> {
    const pathname = url.split('?')[0]!;
    const route = publicRoutes.find((r) => matchPath({ path: r.path, end: true }, pathname))!;
    const params = matchPath({ path: route.path, end: true }, pathname)?.params ?? {};

    // Reads go through the API in-process, with the visitor's cookie (staff preview drafts).
    const queryClient = makeQueryClient(async (path) => {
      const res = await app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? '') },
      });
    });
    const prefetch = (keys: string[]) => Promise.all(keys.map((key) => queryClient.prefetchQuery({ queryKey: [key] })));
    await prefetch(route.prefetch(params));
    // A post's page also shows its app.
    const post =
      params.id && route.path === '/blogs/:id' ? queryClient.getQueryData<BlogPost>([api.blog(params.id)]) : undefined;
    if (post) await prefetch([api.app(post.appId)]);
    assertReadsSucceeded(queryClient);
    const mediaAlt = await imageAlts(app, queryClient);

    const collector = new HeadCollector();
    const body = await toHtml(
      <HeadContext.Provider value={collector}>
        <StaticRouter location={url}>
          <PublicApp queryClient={queryClient} site={site} mediaAlt={mediaAlt} contactForm={contactForm} />
        </StaticRouter>
      </HeadContext.Provider>,
    );
    const collected: HeadData = collector.head ?? { title: site.name, description: '', path: pathname };
    const head: HeadData = {
      ...collected,
      jsonLd: collected.status ? [] : structuredData(site, route.path, params, queryClient),
      image: collected.status ? undefined : pageShareImage(site, route.path, params, queryClient),
    };
    queryClient.clear();
    const html = renderDocument({
      site,
      head: { ...head, path: head.path || pathname },
      body,
      assets: assets().public,
      themeScript: THEME_SCRIPT,
      speculationRules: SPECULATION_RULES,
    });
    return { status: head.status ?? 200, html };
  };
}

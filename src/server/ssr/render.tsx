// Server rendering of the public routes: read the route's data through the API itself, render React
// to static HTML with islands, and wrap it in the document with its head tags. The head is the page
// definition's, from the head reads, so it is known before the body renders. A page whose body
// reads are slow is streamed: its head and skeleton first, its content when the reads arrive.
import { Writable } from 'node:stream';
import type { QueryClient } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { PublicApp, type PublicAppProps } from '../../client/app/app';
import type { HeadData } from '../../client/page-kit/head';
import { matchPublicRoute } from '../../client/app/public-pages';
import type { ReadKey } from '../../client/page-kit/public-page';
import { siteFrom, type SiteInfo } from '../../client/page-kit/site-context';
import { localePath, pageLocale, splitLocalePath, type PageLocale } from '../../client/page-kit/locale';
import { intlFor } from '../../client/page-kit/intl';
import { hreflangCluster, prefixed, type Alternate } from '../modules/translations/alternates';
import { LOCALIZED_ROUTES, NOT_FOUND_PATH, pageAlternates, untranslatedPart } from './alternates';
import { localizeLinks } from './localize-links';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { ContactFormProps } from '../../client/islands/contact-form';
import { ApiError } from '../../client/lib/http';
import { makeQueryClient } from '../../client/lib/query-client';
import { TAP_CAPTURE_SCRIPT } from '../../client/islands/tap-capture';
import { THEME_SCRIPT } from '../../client/lib/theme-script';
import { api, paths } from '../../shared/paths';
import { TOTAL_COUNT_HEADER } from '../../shared/schemas/paging';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { altTexts } from '../modules/media/media.repo';
import type { AppInstance } from '../types';
import type { AssetResolver } from './assets';
import { jsonLdTags, renderDocument } from './html';
import { SPECULATION_RULES } from './inline-scripts';
import { pagePost } from './page-post';
import { pageShareImage } from './share-image-head';
import { structuredData } from './structured-data';
import type { VisitorPlatform } from '../../shared/visitor-platform';

/** How long body reads may take before the page's start and skeleton are sent ahead of them. */
export const STREAM_AFTER_MS = 150;

export interface RenderedPage {
  status: number;
  html: string;
}

/** A page sent in two parts: `start` at once, the rest when the slow reads arrive. */
export interface StreamedPage {
  status: number;
  start: string;
  /** The rest of the document, and the whole page as it would have been sent at once (to keep), if every read succeeded. */
  rest: Promise<{ rest: string; complete?: RenderedPage }>;
}

export type PageRender =
  | { kind: 'complete'; page: RenderedPage }
  | ({ kind: 'streamed' } & StreamedPage)
  /** The page lives at another address (a post opened by an old slug): a permanent redirect. */
  | { kind: 'moved'; to: string };

/** A read the page needs failed on the server's side (database down, a bug): the page cannot be shown. */
export class PageDataError extends Error {
  constructor(readonly status: number) {
    super(`A read for the page answered ${status}`);
  }
}

/** The status of a read that failed on the server's side, if one did (a 404 is the page's own not-found state). */
function failedRead(queryClient: QueryClient): number | undefined {
  for (const query of queryClient.getQueryCache().getAll()) {
    const error = query.state.error;
    if (!error) continue;
    const status = error instanceof ApiError ? error.status : 500;
    if (status >= 500) return status;
  }
  return undefined;
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

/** The page's <main> in a rendered body: everything before its content, the content, everything after. */
function splitAtMain(body: string): [before: string, content: string, after: string] {
  const open = body.indexOf('<main id="main"');
  const start = body.indexOf('>', open) + 1;
  const end = body.lastIndexOf('</main>');
  if (open < 0 || end < start) throw new Error('The page layout has no <main id="main">');
  return [body.slice(0, start), body.slice(start, end), body.slice(end)];
}

const STREAM_MARK = '<!--stream-->';
/**
 * Sent with the content of a streamed page: the skeleton goes as the content arrives, with no
 * JavaScript (a style element applies as soon as it is parsed; CSS alone cannot tell, since
 * browsers do not match :last-child while a parent is still being parsed).
 */
const HIDE_SKELETON = '<style>[data-pending]{display:none}</style>';
/** The end of a streamed page whose content could not be rendered after its start was sent. */
const STREAM_FAILED = `${HIDE_SKELETON}<div class="mx-auto max-w-xl px-4 py-24 text-center" role="alert"><h1 class="text-3xl font-bold">Something went wrong</h1><p class="mt-3 text-muted-foreground">The page could not be shown. Please try again in a moment.</p></div></main></div>\n</body>\n</html>`;

export interface RendererOptions {
  app: AppInstance;
  /** The site before its settings are read (the configured name and address). */
  site: SiteInfo;
  /** Told the site each render found, so pages made without a render (errors) show it too. */
  onSite?: (site: SiteInfo) => void;
  assets: () => AssetResolver;
}

export interface RenderOptions {
  /** The visitor's cookie: staff see drafts. */
  cookie?: string;
  /** The contact form after a plain POST: its values and errors, or its outcome. */
  contactForm?: ContactFormProps;
  /** Whether the page may be streamed when its body reads are slow. */
  stream?: boolean;
  /** The visitor's platform, for a route that varies by it (the store badges' order). */
  platform?: VisitorPlatform;
  /** An app's deletion form after a plain POST (issue 14). */
  deletionForm?: PublicAppProps['deletionForm'];
  /** A deletion request's confirmation page after its POST (issue 21). */
  deletionConfirm?: PublicAppProps['deletionConfirm'];
  /** A mailing list's page after a plain POST (issue 26). */
  subscription?: PublicAppProps['subscription'];
}

export function createRenderer({ app, site: configured, assets, onSite }: RendererOptions) {
  /**
   * Renders the page at `url`: its canonical path and, for a route that reads the query, its
   * canonical query (ssr/page-paths.ts), which also reaches the page (useSearchParams).
   */
  return async function render(url: string, options: RenderOptions = {}): Promise<PageRender> {
    const { cookie, contactForm } = options;
    const [opened = '/', query = ''] = url.split('?');
    // A page in another language (issue 24): /de/about is /about, read and written in German.
    const { locale: localeCode, path } = splitLocalePath(opened);
    const localized = matchPublicRoute(path);
    // A page the language does not have renders as the not-found page, in that language.
    const missing = localeCode !== undefined && !LOCALIZED_ROUTES.has(localized.route.path);
    const pathname = missing ? NOT_FOUND_PATH : path;
    const { route, params } = missing ? matchPublicRoute(NOT_FOUND_PATH) : localized;
    const notFoundIn = (prefix: string) => render(`${prefix}${NOT_FOUND_PATH}`, options);

    // Reads go through the API in-process, with the visitor's cookie (staff preview drafts), in the
    // page's language.
    const inLocale = (apiPath: string) =>
      localeCode ? `${apiPath}${apiPath.includes('?') ? '&' : '?'}locale=${encodeURIComponent(localeCode)}` : apiPath;
    const queryClient = makeQueryClient(async (apiPath) => {
      const res = await app.inject({ method: 'GET', url: inLocale(apiPath), headers: cookie ? { cookie } : {} });
      const total = res.headers[TOTAL_COUNT_HEADER];
      return new Response(res.body, {
        status: res.statusCode,
        headers: {
          'content-type': String(res.headers['content-type'] ?? ''),
          ...(total === undefined ? {} : { [TOTAL_COUNT_HEADER]: String(total) }),
        },
      });
    });
    const read = (keys: ReadKey[]) =>
      Promise.all(
        keys.map((key) => queryClient.prefetchQuery({ queryKey: typeof key === 'string' ? [key] : [...key] })),
      ).then(() => undefined);
    const reads = route.reads(params, new URLSearchParams(query));
    const body = read(reads.body);
    // Every page shows the studio's name (header, title, footer, share card): a head read.
    await read([api.siteSettings, ...reads.head]);
    const settings = queryClient.getQueryData<SiteSettings>([api.siteSettings]);
    if (localeCode) {
      // Not one of the site's languages (the settings' read says so): the default language's not-found page.
      const settingsError = queryClient.getQueryState([api.siteSettings])?.error;
      if (settingsError instanceof ApiError && settingsError.status === 404) {
        queryClient.clear();
        return notFoundIn('');
      }
      // The default language has no prefix: its page lives at the address without one.
      if (settings?.locales.find((l) => l.code === localeCode)?.isDefault) {
        queryClient.clear();
        return { kind: 'moved', to: path + (query ? `?${query}` : '') };
      }
    }
    // A page at an address of the default language may be written in another, as its reads say (a
    // shared draft of a translation): one of the site's languages, else the default.
    const locale: PageLocale = pageLocale(
      settings?.locales ?? [],
      localeCode ?? route.language?.(params, queryClient, options.deletionConfirm ?? {}, options.subscription ?? {}),
    );
    const site = siteFrom(settings, configured);
    if (locale.isDefault) onSite?.(site);
    // The page's words: its language's catalogue, the staff's overrides over it.
    await read([api.uiStrings(locale.code)]);
    const words = intlFor(locale.code, queryClient.getQueryData<Record<string, string>>([api.uiStrings(locale.code)]));
    // What the head reads found may move the page, or ask for more (an app page's posts).
    const then = route.then?.(params, queryClient);
    if (then?.moved) {
      queryClient.clear();
      return { kind: 'moved', to: localePath(locale, then.moved) };
    }
    if (then?.reads) await read(then.reads);
    // In another language, an item (or page) not published in it is not found there: no silent
    // fallback to the default language's text. Its reads (head and body: the About page's text is a
    // body read) decide that before anything is sent, so such a page is not streamed. Only an address
    // in the language is judged so: a page its reads write in it at the default's address (a
    // deletion request's link, confirmed or spent) shows its own states.
    const headKeys = [...reads.head, ...(then?.reads ?? [])];
    if (!locale.isDefault) await body;
    const notFoundRead = [...headKeys, ...(locale.isDefault ? [] : reads.body)].some((key) => {
      const error = queryClient.getQueryState(typeof key === 'string' ? [key] : [...key])?.error;
      return error instanceof ApiError && error.status === 404;
    });
    if (localeCode !== undefined && !missing && (notFoundRead || untranslatedPart(route.path, params, queryClient))) {
      queryClient.clear();
      return notFoundIn(locale.prefix);
    }
    // A post's page also shows its app.
    const post = pagePost(route.path, params, queryClient)?.post;
    if (post) {
      // A readable address with an old slug: the post has moved to its current one.
      if (route.path === '/blogs/:id/:slug' && params.slug !== post.slug) {
        queryClient.clear();
        return { kind: 'moved', to: localePath(locale, paths.readablePost(post)) };
      }
      if (post.appId !== null) await read([api.app(post.appId)]);
    }

    // The page's head, from what was read so far (never the body reads): a path of '' is this address.
    const declared = route.head({
      site,
      locale,
      t: words.t,
      params,
      search: new URLSearchParams(query),
      data: queryClient,
      deletionConfirm: options.deletionConfirm ?? {},
      subscription: options.subscription ?? {},
    });
    // The page's other languages (hreflang), when it is found; a page showing the default
    // language's text by staff's choice names only that language, and is canonical there.
    const alternates = declared.status || declared.noindex ? [] : await languagesOf();
    async function languagesOf(): Promise<Alternate[]> {
      if (locale.locales.length < 2) return [];
      const of = pageAlternates(route.path, params, pathname, queryClient);
      if (!of) return [];
      const fallback = locale.locales.find((l) => l.isDefault)!;
      const shownInDefault =
        !locale.isDefault &&
        headKeys.some((key) => {
          const data = queryClient.getQueryData<{ contentLocale?: string }>(typeof key === 'string' ? [key] : [...key]);
          return data?.contentLocale === fallback.code;
        });
      if (shownInDefault) return [{ hreflang: fallback.code, path: prefixed(fallback, of.pathIn(null)) }];
      return hreflangCluster(app.deps.repos.translations, locale.locales, of.target, of.pathIn);
    }
    const canonicalPath = (declaredPath: string) => {
      if (!declaredPath) return opened;
      const own = alternates.length === 1 ? alternates[0]!.path : undefined;
      return own ?? localePath(locale, declaredPath);
    };

    /** In a site of several languages, what the structured data is written in (and, in another, where it lives). */
    const inLanguage = (objects: object[]) => {
      if (locale.locales.length < 2) return objects;
      const own = (url: unknown) =>
        typeof url === 'string' && url.startsWith(`${site.url}/`) && !locale.isDefault
          ? `${site.url}${localePath(locale, url.slice(site.url.length))}`
          : url;
      return objects.map((ld) => {
        const o = ld as Record<string, unknown>;
        if (o['@type'] === 'Organization') return ld;
        return { ...o, inLanguage: locale.code, url: own(o.url), mainEntityOfPage: own(o.mainEntityOfPage) };
      });
    };
    /** The site's and the blog's feeds have one per language; an app's feed is the default language's. */
    const feedIn = (href: string) => (href === paths.rss || href === paths.blogRss ? localePath(locale, href) : href);

    const renderBody = async () => {
      const mediaAlt = await imageAlts(app, queryClient);
      const html = await localizeLinks(
        app.deps,
        locale,
        await toHtml(
          <StaticRouter
            location={`${locale.prefix}${pathname}${query ? `?${query}` : ''}`}
            basename={locale.prefix || undefined}
          >
            <PublicApp
              queryClient={queryClient}
              site={site}
              locale={locale}
              messages={words.messages}
              mediaAlt={mediaAlt}
              contactForm={contactForm}
              platform={options.platform}
              deletionForm={options.deletionForm}
              deletionConfirm={options.deletionConfirm}
              subscription={options.subscription}
            />
          </StaticRouter>,
        ),
      );
      // The structured data and the share image are built from every read made by now.
      const head: HeadData = {
        ...declared,
        path: canonicalPath(declared.path),
        locale: { code: locale.code, dir: locale.dir },
        alternates,
        jsonLd: declared.status ? [] : inLanguage(structuredData(site, route.path, params, queryClient, words.t)),
        feeds: declared.feeds?.map((feed) => ({ ...feed, href: feedIn(feed.href) })),
        image: declared.status ? undefined : pageShareImage(site, route.path, params, queryClient, words.t),
      };
      return { html, head };
    };
    const document = (head: HeadData, html: string) =>
      renderDocument({
        site,
        head,
        body: html,
        assets: assets().public,
        themeScript: THEME_SCRIPT,
        tapCaptureScript: TAP_CAPTURE_SCRIPT,
        speculationRules: SPECULATION_RULES,
        lang: locale,
      });
    const complete = async (): Promise<RenderedPage> => {
      const failed = failedRead(queryClient);
      if (failed) throw new PageDataError(failed);
      const { html, head } = await renderBody();
      return { status: head.status ?? 200, html: document(head, html) };
    };

    const headFailed = failedRead(queryClient);
    if (headFailed) throw new PageDataError(headFailed);
    const inTime =
      options.stream === false ||
      (await Promise.race([body.then(() => true), new Promise<false>((r) => setTimeout(r, STREAM_AFTER_MS, false))]));
    if (inTime) {
      await body;
      try {
        return { kind: 'complete', page: await complete() };
      } finally {
        queryClient.clear();
      }
    }

    // The body reads are slow: send the head and the page's skeleton now (its loading state, as
    // the body reads are still pending), the content when they arrive. The structured data, built
    // from every read, ends the body.
    const shell = await renderBody();
    const [before, skeleton] = splitAtMain(shell.html);
    // The skeleton is a copy of the page's start: its ids go, so that labels, fragment links and
    // aria references find the content that follows it, not the hidden copy.
    const start = document(
      { ...shell.head, jsonLd: [] },
      `${before}<div data-pending="">${skeleton.replace(/\sid="[^"]*"/g, '')}</div>${STREAM_MARK}`,
    ).split(STREAM_MARK)[0]!;
    const rest = body.then(async () => {
      try {
        // A read that failed now shows as the page's own error state: the start is already sent.
        const failed = failedRead(queryClient);
        const full = await renderBody();
        const [, content, after] = splitAtMain(full.html);
        return {
          rest: `${HIDE_SKELETON}${content}${after}</div>\n${jsonLdTags(full.head.jsonLd).join('\n')}\n</body>\n</html>`,
          complete: failed ? undefined : { status: full.head.status ?? 200, html: document(full.head, full.html) },
        };
      } catch (error) {
        // The start is sent: the page ends with a notice in place of its skeleton.
        app.log.error({ err: error }, 'streamed page render failed');
        return { rest: STREAM_FAILED };
      } finally {
        queryClient.clear();
      }
    });
    return { kind: 'streamed', status: shell.head.status ?? 200, start, rest };
  };
}

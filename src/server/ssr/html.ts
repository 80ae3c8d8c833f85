// The HTML document around a rendered page: head tags from the page's HeadData, boot data, assets.
import type { HeadData } from '../../client/page-kit/head';
import { abs } from '../../client/page-kit/seo';
import type { SiteInfo } from '../../client/page-kit/site-context';
import { paths } from '../../shared/paths';
import type { MessageKey } from '../../shared/messages';
import type { Translate } from '../../client/page-kit/messages';
import { studioCard, uploadedShareImage } from '../../shared/share-image';
import { iconTag } from './site-icons';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside a <script> element: nothing in it can close the element. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface Assets {
  /** <script type=module> entry. */
  entry: string;
  css: string[];
  /** Module preloads (route chunks and their imports). */
  preload: string[];
  /** Extra raw tags for development (Vite client, React refresh). */
  devHead?: string;
}

export interface DocumentParts {
  site: SiteInfo;
  head: HeadData;
  body: string;
  /** Data for a client-rendered app (the admin); public pages carry none. */
  boot?: unknown;
  assets: Assets;
  themeScript: string;
  /** Public pages: holds a press on an island's button made before the loader has arrived. */
  tapCaptureScript?: string;
  /** Public pages: prefetch the next page when the visitor is about to open it. */
  speculationRules?: string;
  /** The page's language and writing direction (`<html lang dir>`); English, left to right by default. */
  lang?: { code: string; dir: 'ltr' | 'rtl' };
}

const ENGLISH = { code: 'en', dir: 'ltr' } as const;

/** `<html>`'s language attributes: `dir` only where the text runs right to left. */
const langAttributes = ({ code, dir }: { code: string; dir: 'ltr' | 'rtl' }) =>
  `lang="${escapeHtml(code)}"${dir === 'rtl' ? ' dir="rtl"' : ''}`;

/** Structured data for search engines (in the head, or at the end of a streamed page's body). */
export const jsonLdTags = (jsonLd: object[] = []) =>
  jsonLd.map((ld) => `<script type="application/ld+json">${safeJson(ld)}</script>`);

/** The X App Card's tags (https://developer.x.com/en/docs/x-for-websites/cards/overview/app-card). */
/** `<meta name|property="key" content="…">` with the content escaped. */
function metaTag(attribute: 'name' | 'property', key: string, content: string | number): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`;
}

function twitterAppTags(app: NonNullable<HeadData['twitterApp']>): string[] {
  const tags: [string, string][] = [];
  const store = (key: 'iphone' | 'ipad' | 'googleplay', at: { id: string; url?: string } | undefined) => {
    if (!at) return;
    tags.push([`twitter:app:name:${key}`, app.name], [`twitter:app:id:${key}`, at.id]);
    if (at.url) tags.push([`twitter:app:url:${key}`, at.url]);
  };
  store('iphone', app.iphone);
  store('ipad', app.iphone);
  store('googleplay', app.googlePlay);
  return tags.map(([name, content]) => metaTag('name', name, content));
}

/** Islands that need JavaScript to do anything are not shown without it. */
const NO_SCRIPT_STYLE =
  '<noscript><style>studio-island[data-island=theme-menu],studio-island[data-island=mobile-menu]{display:none}</style></noscript>';

/** The favicon set and manifest, at addresses that change with the logo and the name. */
function iconLinks(site: SiteInfo): string {
  const v = `?v=${iconTag(site)}`;
  return [
    `<link rel="icon" href="${paths.icon(32)}${v}" type="image/png" sizes="32x32">`,
    `<link rel="apple-touch-icon" href="${paths.icon(180)}${v}">`,
    `<link rel="manifest" href="${paths.webManifest}${v}">`,
  ].join('\n');
}

/**
 * The document up to its stylesheets: theme before first paint, the early tap capture (before the
 * stylesheets, which would hold an inline script back until they arrive), head tags, icon, CSS.
 */
function documentStart(
  themeScript: string,
  meta: string[],
  assets: Pick<Assets, 'css'>,
  site: SiteInfo,
  tapCaptureScript?: string,
  lang: { code: string; dir: 'ltr' | 'rtl' } = ENGLISH,
): string {
  return `<!doctype html>
<html ${langAttributes(lang)} class="dark" style="color-scheme:dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<script>${themeScript}</script>${tapCaptureScript ? `\n<script>${tapCaptureScript}</script>` : ''}
${meta.join('\n')}
${iconLinks(site)}
${assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}`;
}

export function renderDocument({
  site,
  head,
  body,
  boot,
  assets,
  themeScript,
  tapCaptureScript,
  speculationRules,
  lang,
}: DocumentParts): string {
  const canonical = abs(site, head.path);
  // Pages without a picture of their own share the studio's default image, else its card.
  const image = head.image ?? uploadedShareImage(site.shareImage, site.name) ?? studioCard(site.name);
  const imageUrl = abs(site, image.url);
  const twitter = (name: string, content: string | number) => metaTag('name', `twitter:${name}`, content);
  const og = (name: string, content: string | number) => metaTag('property', `og:${name}`, content);
  const meta: string[] = [
    `<title>${escapeHtml(head.title)}</title>`,
    metaTag('name', 'description', head.description),
    head.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    og('site_name', site.name),
    og('type', head.type ?? 'website'),
    og('title', head.title),
    og('description', head.description),
    og('url', canonical),
    // X reads the title, description and image from Open Graph when its own tags are absent (its
    // "Cards markup" reference): only what has no Open Graph twin is written twice.
    twitter('card', head.twitterApp ? 'app' : 'summary_large_image'),
    og('image', imageUrl),
    og('image:type', image.type),
    og('image:width', image.width),
    og('image:height', image.height),
    og('image:alt', image.alt),
    twitter('image:alt', image.alt),
  ];
  if (head.twitterApp) meta.push(...twitterAppTags(head.twitterApp));
  // The Smart App Banner: the app opens at this page (app-argument) when it is installed.
  if (head.appStoreId) {
    const argument = head.noindex ? '' : `, app-argument=${canonical}`;
    meta.push(`<meta name="apple-itunes-app" content="${escapeHtml(`app-id=${head.appStoreId}${argument}`)}">`);
  }
  for (const feed of head.feeds ?? []) {
    meta.push(
      `<link rel="alternate" type="${escapeHtml(feed.type ?? 'application/rss+xml')}" title="${escapeHtml(feed.title)}" href="${escapeHtml(abs(site, feed.href))}">`,
    );
  }
  // The page in its other languages (issue 24): absolute, reciprocal, itself and x-default included.
  for (const alternate of head.alternates ?? []) {
    meta.push(
      `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(abs(site, alternate.path))}">`,
    );
  }
  // og:locale where the site speaks several languages (a site in one says nothing more than lang does).
  if (head.locale && (head.alternates?.length || head.locale.code !== 'en')) {
    const ogLocale = (code: string) => code.replace('-', '_');
    meta.push(og('locale', ogLocale(head.locale.code)));
    for (const alternate of head.alternates ?? []) {
      if (alternate.hreflang !== 'x-default' && alternate.hreflang !== head.locale.code)
        meta.push(og('locale:alternate', ogLocale(alternate.hreflang)));
    }
  }
  meta.push(...jsonLdTags(head.jsonLd));

  const tail = [
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${href}">`),
    // Public pages: async, so that it runs while a slow page is still streaming in.
    `<script type="module" src="${assets.entry}"${boot === undefined ? ' async' : ''}></script>`,
    speculationRules ? `<script type="speculationrules">${speculationRules}</script>` : '',
    boot === undefined ? NO_SCRIPT_STYLE : '',
    assets.devHead ?? '',
  ].filter(Boolean);
  return `${documentStart(themeScript, meta, assets, site, tapCaptureScript, head.locale ?? lang)}
${tail.join('\n')}
</head>
<body${head.appId ? ` data-app="${head.appId}"` : ''}>
<div id="root">${body}</div>${
    boot === undefined ? '' : `\n<script type="application/json" id="__BOOT__">${safeJson(boot)}</script>`
  }
</body>
</html>`;
}

const ERROR_TEXT: Record<404 | 500 | 503, { title: string; heading: string; text: string }> = {
  // (English; in another language the keys of ERROR_KEYS.)
  404: {
    title: 'Page not found',
    heading: '404 Page Not Found',
    text: 'Nothing lives at this address.',
  },
  500: {
    title: 'Something went wrong',
    heading: 'Something went wrong',
    text: 'The page could not be shown. Please try again in a moment.',
  },
  503: {
    title: 'Back in a moment',
    heading: 'We’ll be right back',
    text: 'The site cannot reach its content right now. Please try again in a moment.',
  },
};

/** The error page's words in the catalogues (issue 24): the same texts as ERROR_TEXT in English. */
const ERROR_KEYS: Record<404 | 500 | 503, { title: MessageKey; heading: MessageKey; text: MessageKey }> = {
  404: { title: 'errorPage.notFoundTitle', heading: 'notFound.title', text: 'errorPage.notFoundText' },
  500: { title: 'errorPage.errorTitle', heading: 'errorPage.errorTitle', text: 'errorPage.errorText' },
  503: { title: 'errorPage.downTitle', heading: 'errorPage.downHeading', text: 'errorPage.downText' },
};

export interface ErrorDocumentParts {
  site: SiteInfo;
  status: 404 | 500 | 503;
  /**
   * The language of the address asked for ('/de/…'), when it is not the default's: its words come
   * from its shipped catalogue (an error page reads nothing, so no staff overrides).
   */
  locale?: { code: string; dir: 'ltr' | 'rtl'; prefix: string; t: Translate };
  assets: Assets;
  themeScript: string;
}

/**
 * A page for when the page itself cannot be rendered (its data is unreachable, or the address
 * cannot name a page): the site's styles and theme, no data and no JavaScript application.
 */
export function renderErrorDocument({ site, status, assets, themeScript, locale }: ErrorDocumentParts): string {
  const words = locale
    ? Object.fromEntries(Object.entries(ERROR_KEYS[status]).map(([part, key]) => [part, locale.t(key)]))
    : ERROR_TEXT[status];
  const { title, heading, text } = words as (typeof ERROR_TEXT)[404];
  const back = locale ? locale.t('notFound.back') : 'Back to home';
  const retry = locale ? locale.t('errorPage.retry') : 'Try again';
  const meta = ['<meta name="robots" content="noindex">', `<title>${escapeHtml(`${title} | ${site.name}`)}</title>`];
  return `${documentStart(themeScript, meta, assets, site, undefined, locale)}
</head>
<body>
<main class="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 py-24 text-center">
<p class="text-4xl font-extrabold text-primary sm:text-5xl lg:text-6xl">${status}</p>
<h1 class="mt-4 text-3xl font-bold tracking-tight">${escapeHtml(heading)}</h1>
<p class="mt-3 text-muted-foreground">${escapeHtml(text)}</p>
<p class="mt-8 flex gap-3"><a href="${locale?.prefix || '/'}" class="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground">${escapeHtml(back)}</a>${
    status === 404
      ? ''
      : `<a href="" class="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm font-medium">${escapeHtml(retry)}</a>`
  }</p>
<p class="mt-12 text-sm text-muted-foreground">${escapeHtml(site.name)}</p>
</main>
</body>
</html>`;
}

// The HTML document around a rendered page: head tags from the page's HeadData, boot data, assets.
import type { HeadData } from '../../client/app/head';
import { abs } from '../../client/app/seo';
import type { SiteInfo } from '../../client/app/site-context';

const DEFAULT_SHARE_IMAGE = '/media/demo/default-screenshot.svg';

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
  boot: unknown;
  assets: Assets;
  themeScript: string;
}

export function renderDocument({ site, head, body, boot, assets, themeScript }: DocumentParts): string {
  const canonical = abs(site, head.path);
  // Pages without a picture of their own share the studio's image.
  const image = abs(site, head.image ?? DEFAULT_SHARE_IMAGE);
  const meta: string[] = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
  ];
  meta.push(
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
  );
  if (head.appStoreId) meta.push(`<meta name="apple-itunes-app" content="app-id=${escapeHtml(head.appStoreId)}">`);
  for (const feed of head.feeds ?? []) {
    meta.push(
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(abs(site, feed.href))}">`,
    );
  }
  for (const ld of head.jsonLd ?? []) meta.push(`<script type="application/ld+json">${safeJson(ld)}</script>`);

  return `<!doctype html>
<html lang="en" class="dark" style="color-scheme:dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark light">
<script>${themeScript}</script>
${meta.join('\n')}
<link rel="icon" href="/media/demo/default-icon.svg" type="image/svg+xml">
${assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
${assets.preload.map((href) => `<link rel="modulepreload" href="${href}">`).join('\n')}
${assets.devHead ?? ''}
</head>
<body>
<div id="root">${body}</div>
<script type="application/json" id="__BOOT__">${safeJson(boot)}</script>
<script type="module" src="${assets.entry}"></script>
</body>
</html>`;
}

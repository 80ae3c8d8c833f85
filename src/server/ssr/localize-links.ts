// The links of a page in another language (issue 24): each link to a page that language has gets its
// prefix (`/blog` → `/de/blog`), in one pass over the rendered HTML, whichever component wrote it. A
// link to an item's page (an app, a post, an app's own pages) is prefixed only when the item is
// there in that language: a German post of an app not yet in German links to the app's English
// page, and a French page links to the English About Us until it is written in French, never to an
// address that would be not found.
import { matchPublicRoute } from '../../client/app/public-pages';
import { localePath, splitLocalePath, type PageLocale } from '../../client/page-kit/locale';
import { parseId } from '../../client/lib/params';
import { paths } from '../../shared/paths';
import type { Deps } from '../types';
import { APP_PAGE_PART, LOCALIZED_ROUTES, RELEASES_ROUTE } from './alternates';
import type { LinkedType } from '../modules/translations/published-in';

/**
 * A link: an element's `href`, a form's `action` (a form posted without JavaScript is answered in the
 * page's language), or an island's `to`/`href` prop (JSON in an attribute).
 */
const LINK = /( (?:href|action)=")(\/[^"]*)(")|(&quot;(?:to|href)&quot;:&quot;)(\/[^&]*)(&quot;)/g;

/** The translations a linked page needs in a language to be there. */
type Needs = { type: LinkedType; item: string }[];

/** The studio's pages that are there in a language only with their own text in it (by route). */
const STUDIO_PAGE: Record<string, string> = {
  '/': 'home',
  '/about': 'about',
  '/privacy': 'privacy',
  '/press': 'press',
};

/** What a path needs to be open in another language, by its route: nothing for the studio's pages. */
function needsOf(path: string, appIds: (key: string) => number | undefined): Needs | 'closed' | 'open' {
  const { route, params } = matchPublicRoute(path);
  const feed = path === paths.rss || path === paths.blogRss;
  if (feed) return 'open';
  if (route.path === '*' || !LOCALIZED_ROUTES.has(route.path)) return 'closed';
  const page = STUDIO_PAGE[route.path];
  if (page) return [{ type: 'page', item: page }];
  const postId = parseId(params.id);
  if (route.path.startsWith('/blogs/') && postId) return [{ type: 'post', item: String(postId) }];
  const appKey = params.appKey ?? params.appId;
  if (appKey === undefined) return 'open';
  const appId = appIds(appKey);
  if (appId === undefined) return 'closed';
  const part = APP_PAGE_PART[route.path];
  return [
    { type: 'app', item: String(appId) },
    ...(part ? [{ type: 'app-page' as const, item: `${appId}-${part}` }] : []),
    // An app's release notes (issue 26): where one of its versions is published in the language.
    ...(route.path === RELEASES_ROUTE ? [{ type: 'releases' as const, item: String(appId) }] : []),
  ];
}

/**
 * The page's HTML with its links in `locale`. Links to pages only the default language has (press
 * kits, an app's privacy versions), to items not published in the language, to other files and to
 * apps' feeds stay as they are.
 */
export async function localizeLinks(
  deps: Deps,
  locale: Pick<PageLocale, 'isDefault' | 'prefix' | 'code'>,
  html: string,
) {
  if (locale.isDefault) return html;
  // A link is written unprefixed (an `<a href>`), or already in the language (a router link, under
  // the page's basename): either way it is decided here.
  const own = (href: string) =>
    href === locale.prefix || href.startsWith(`${locale.prefix}/`) ? href.slice(locale.prefix.length) || '/' : href;
  const pathOf = (href: string) => own(href).split(/[?#]/)[0] || '/';
  const candidates = new Set(
    [...html.matchAll(LINK)]
      .map((m) => (m[2] ?? m[5])!)
      .filter((href) => !href.startsWith('//') && !splitLocalePath(pathOf(href)).locale)
      .map(pathOf),
  );
  if (!candidates.size) return html;

  // What is there in the language, read once and kept until content changes (published-in.ts).
  const there = await deps.publishedIn.in(locale.code);
  const needs = new Map([...candidates].map((path) => [path, needsOf(path, (key) => there.apps.get(key))]));
  const open = (path: string) => {
    const need = needs.get(path)!;
    return need === 'open' || (need !== 'closed' && need.every(({ type, item }) => there.items.has(`${type}:${item}`)));
  };

  return html.replace(LINK, (whole, ...m: (string | undefined)[]) => {
    const [before, href, after] = m[0] === undefined ? [m[3]!, m[4]!, m[5]!] : [m[0], m[1]!, m[2]!];
    const path = pathOf(href);
    if (!candidates.has(path)) return whole;
    const rest = own(href).slice(path.length);
    return `${before}${open(path) ? localePath(locale, path) : path}${rest}${after}`;
  });
}

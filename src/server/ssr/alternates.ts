// Which public pages exist in the site's other languages, and what a page is of for its hreflang
// cluster (modules/translations/alternates.ts builds the cluster; the head and the sitemap use it).
import type { QueryClient } from '@tanstack/react-query';
import type { PageParams } from '../../client/page-kit/public-page';
import { api, paths } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { PublicAppPages } from '../../shared/schemas/app-pages';
import type { PressKit } from '../../shared/schemas/press';
import type { PublicRelease } from '../../shared/schemas/app-releases';
import type { TranslatedAppPage } from '../../shared/schemas/translations';
import type { AlternateTarget } from '../modules/translations/alternates';
import { pagePost } from './page-post';

/**
 * The pages a language other than the default has (under /{locale}/…): the studio's pages and press
 * kit, the blog, the catalogue of apps, apps and posts, an app's support, account-deletion, privacy-policy and press pages.
 * An app's dated and saved privacy-policy versions (/apps/{slug}/privacy/{day}, …/versions/{id}) are
 * the default language's only (decision 111): links to them stay unprefixed.
 */
export const LOCALIZED_ROUTES = new Set([
  '/',
  '/about',
  '/contact',
  '/privacy',
  '/press',
  '/blog',
  '/apps',
  '/search',
  '/subscriptions',
  '/apps/:appKey',
  '/apps/:appId/blogs',
  '/apps/:appKey/support',
  '/apps/:appKey/delete-account',
  '/apps/:appKey/privacy',
  '/apps/:appKey/press',
  '/apps/:appKey/releases',
  '/blogs/:id',
  '/blogs/:id/:slug',
  '*',
]);

/** A path only the not-found page matches: where an address with no page in its language renders. */
export const NOT_FOUND_PATH = '/_/not-found';

export interface PageAlternates {
  target: AlternateTarget;
  /** The page's path (unprefixed) in a language, from its slug there (posts; null: the default's). */
  pathIn: (slug: string | null) => string;
}

/** An app's page that has a translation of its own, by route. */
export const APP_PAGE_PART: Record<string, TranslatedAppPage> = {
  '/apps/:appKey/support': 'support',
  '/apps/:appKey/delete-account': 'deletion',
  '/apps/:appKey/privacy': 'privacy',
  '/apps/:appKey/press': 'press',
};

/**
 * Whether a page read in another language lacks its text in it although its reads found it: an
 * app's support or deletion page (one read holds both, each translated on its own), or the studio's
 * press kit (its read falls back to the default language's, for the facts an app's kit shows).
 */
export function untranslatedPart(routePath: string, params: PageParams, data: QueryClient): boolean {
  if (routePath === paths.press) return !data.getQueryData<PressKit>([api.pressKitStudio])?.contentLocale;
  if (routePath === RELEASES_ROUTE) {
    // An app's release notes (issue 26) are there in a language where a version is published in it.
    const app = data.getQueryData<App>([api.appBySlug(params.appKey ?? '')]);
    return !app || !data.getQueryData<PublicRelease[]>([api.appReleases(app.id)])?.length;
  }
  const part = APP_PAGE_PART[routePath];
  // An app's privacy policy and press kit are read alone: a read not found decides.
  if (part === 'privacy' || part === 'press') return false;
  if (!part) return false;
  const app = data.getQueryData<App>([api.appBySlug(params.appKey ?? '')]);
  const pages = app && data.getQueryData<PublicAppPages>([api.appPages(app.id)]);
  return !pages?.translatedParts?.includes(part);
}

/** An app's release notes page (issue 26). */
export const RELEASES_ROUTE = '/apps/:appKey/releases';

const parseId = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) ? value : undefined);

/**
 * What the page at this route is of (after its head reads), if it has other languages at all: from
 * the render's reads alone (a post's page reads its post once).
 */
export function pageAlternates(
  routePath: string,
  params: PageParams,
  pathname: string,
  data: QueryClient,
): PageAlternates | undefined {
  const same = () => pathname;
  switch (routePath) {
    case '/':
      return { target: { type: 'page', item: 'home' }, pathIn: same };
    case '/about':
      return { target: { type: 'page', item: 'about' }, pathIn: same };
    case '/privacy':
      return { target: { type: 'page', item: 'privacy' }, pathIn: same };
    case '/press':
      return { target: { type: 'page', item: 'press' }, pathIn: same };
    case '/contact':
    case '/blog':
    case '/apps': // the catalogue (issue 25): in each language, the apps there in it
      return { target: { type: 'all' }, pathIn: same };
    case '/apps/:appKey': {
      const app = data.getQueryData<App>([api.appBySlug(params.appKey ?? '')]);
      return app && { target: { type: 'app', item: String(app.id) }, pathIn: same };
    }
    case '/apps/:appId/blogs': {
      const id = parseId(params.appId);
      return id ? { target: { type: 'app', item: id }, pathIn: same } : undefined;
    }
    case '/apps/:appKey/support':
    case '/apps/:appKey/delete-account':
    case '/apps/:appKey/privacy':
    case '/apps/:appKey/press': {
      const app = data.getQueryData<App>([api.appBySlug(params.appKey ?? '')]);
      return app && { target: { type: 'app-page', item: `${app.id}-${APP_PAGE_PART[routePath]!}` }, pathIn: same };
    }
    case RELEASES_ROUTE: {
      const app = data.getQueryData<App>([api.appBySlug(params.appKey ?? '')]);
      return app && { target: { type: 'releases', item: String(app.id) }, pathIn: same };
    }
    case '/blogs/:id':
    case '/blogs/:id/:slug': {
      // The post the page's read loaded (in its language: its default slug is then `defaultSlug`).
      const post = pagePost(routePath, params, data)?.post;
      if (!post) return undefined;
      const defaultSlug = post.defaultSlug ?? post.slug;
      return {
        target: { type: 'post', item: String(post.id) },
        pathIn: (slug) => paths.readablePost({ id: post.id, slug: slug ?? defaultSlug }),
      };
    }
    default:
      return undefined;
  }
}

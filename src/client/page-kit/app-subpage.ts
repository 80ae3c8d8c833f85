// The reads of an app's own pages under /apps/{slug}/… (issue 14): the app is read by its slug
// (one read: GET /api/apps/by-slug/{slug}); by its id, the page moves to the slug's address.
import { appBySlugQuery, appSlugOf } from '../features/apps/api';
import { api, paths } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { Crumb } from '../components/breadcrumb';
import { parseId } from '../lib/params';
import type { QueryClient } from '@tanstack/react-query';
import { reads, type PageParams, type PublicPage, type ReadKey } from './public-page';

/**
 * `address` is the page's address for an app's slug (where an id moves to); `more` names the reads
 * made once the app is known.
 */
export const appSubpageReads = (
  address: (slug: string, params: PageParams) => string,
  more: (appId: number, params: PageParams) => ReadKey[],
): Pick<PublicPage, 'reads' | 'then'> => ({
  reads: ({ appKey }) => {
    const id = parseId(appKey);
    const slug = appSlugOf(appKey);
    return id ? reads([api.app(id)]) : slug ? reads([appBySlugQuery(slug).queryKey[0]]) : reads([]);
  },
  then: (params, data) => {
    const id = parseId(params.appKey);
    if (id) {
      const app = data.getQueryData<App>([api.app(id)]);
      return app ? { moved: address(app.slug, params) } : {};
    }
    const slug = appSlugOf(params.appKey);
    const app = slug ? data.getQueryData<App>(appBySlugQuery(slug).queryKey) : undefined;
    return app ? { reads: more(app.id, params) } : {};
  },
});

/** The app an app's own page (/apps/{slug}/…) shows, from the render's reads (it is read by its slug). */
export function pageApp(params: PageParams, data: QueryClient): App | undefined {
  const slug = appSlugOf(params.appKey);
  return slug ? data.getQueryData<App>(appBySlugQuery(slug).queryKey) : undefined;
}

/** The breadcrumb of a page under an app: Home, the app, then `rest`. */
/** Home (its label in the page's language), the app, then `rest`. */
export const appTrail = (home: string, app: Pick<App, 'title' | 'slug'>, ...rest: Crumb[]): Crumb[] => [
  { label: home, href: paths.home },
  { label: app.title, href: paths.app(app.slug) },
  ...rest,
];

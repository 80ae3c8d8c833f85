// The public pages, in one list: each is one module (routes/public/*, `definePublicPage`) with its
// addresses, reads, element and head. The server's route table (prefetching, redirects, cache keys,
// Vary) and the React Router routes are both built from it. Rendered on the server only.
import type { RouteObject } from 'react-router';
import { matchPath } from 'react-router';
import { api } from '../../shared/paths';
import type { PageParams, PublicPage } from '../page-kit/public-page';
import { aboutPage } from '../routes/public/about';
import { appBlogsPage } from '../routes/public/app-blogs';
import { appPage } from '../routes/public/app-page';
import { appsCataloguePage } from '../routes/public/apps-catalogue';
import { appPrivacyPage, appPrivacySavedPage, appPrivacyVersionPage } from '../routes/public/app-privacy';
import { appDeleteAccountPage, appSupportPage } from '../routes/public/app-support-pages';
import { appReleasesPage } from '../routes/public/app-releases';
import { blogIndexPage } from '../routes/public/blog-index';
import { blogPostPage } from '../routes/public/blog-post';
import { contactPage } from '../routes/public/contact';
import { deletionConfirmPage } from '../routes/public/deletion-confirm';
import { homePage } from '../routes/public/home';
import { notFoundPage } from '../routes/public/not-found';
import { appPressPage, studioPressPage } from '../routes/public/press';
import { previewPage } from '../routes/public/preview';
import { privacyPage } from '../routes/public/privacy';
import { searchPage } from '../routes/public/search';
import { subscribePage, subscriptionConfirmPage, unsubscribePage } from '../routes/public/subscriptions';
import { PublicLayout } from './public-layout';

/** Every public page; the first whose address matches renders (not found, '*', last). */
export const publicPages: PublicPage[] = [
  homePage,
  aboutPage,
  contactPage,
  privacyPage,
  appBlogsPage,
  appsCataloguePage,
  appPage,
  appPrivacyPage,
  appPrivacyVersionPage,
  appPrivacySavedPage,
  appSupportPage,
  appDeleteAccountPage,
  appReleasesPage,
  deletionConfirmPage,
  studioPressPage,
  appPressPage,
  blogPostPage,
  blogIndexPage,
  searchPage,
  previewPage,
  subscriptionConfirmPage,
  subscribePage,
  unsubscribePage,
  notFoundPage,
];

/** One address of a page, as the server renders it. */
export type PublicRoute = Omit<PublicPage, 'paths' | 'element'> & { path: string };

/** Every page's layout shows the studio's contact and social links in its footer. */
const layoutReads = [api.contact, api.socialMedia];

export const publicRoutes: PublicRoute[] = publicPages.flatMap(({ paths, element: _element, ...page }) =>
  paths.map((path) => ({
    ...page,
    path,
    reads: (params: PageParams, search: URLSearchParams) => {
      const { head, body } = page.reads(params, search);
      return { head, body: [...body, ...layoutReads] };
    },
  })),
);

/** The route a path renders, and its parameters ('*' when no other matches). */
export function matchPublicRoute(pathname: string): { route: PublicRoute; params: PageParams } {
  const route = publicRoutes.find((r) => matchPath({ path: r.path, end: true }, pathname))!;
  return { route, params: matchPath({ path: route.path, end: true }, pathname)?.params ?? {} };
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: publicPages.flatMap(({ paths, element }) =>
      paths.map((path) => (path === '/' ? { index: true, element } : { path: path.replace(/^\//, ''), element })),
    ),
  },
];

// The public route table, rendered on the server only. Each route names the API reads it needs, so
// the server can prefetch them and send a page that is complete without JavaScript.
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, type RouteObject } from 'react-router';
import { api, paths } from '../../shared/paths';
import { isEffectiveDate } from '../../shared/schemas/app-privacy';
import type { App } from '../../shared/schemas/apps';
import { appsQuery, blogCountsQuery } from '../features/apps/api';
import { blogIndexQuery, previewQuery } from '../features/blogs/api';
import { parseId } from '../lib/params';
import { PublicLayout } from './public-layout';
import AboutPage from '../routes/public/about';
import AppBlogsPage from '../routes/public/app-blogs';
import AppPage, { appOfPage } from '../routes/public/app-page';
import { AppDeleteAccountPage, AppSupportPage } from '../routes/public/app-support-pages';
import DeletionConfirmPage, { deletionConfirmationQuery, deletionToken } from '../routes/public/deletion-confirm';
import AppPrivacyPage, { AppPrivacySavedPage, AppPrivacyVersionPage } from '../routes/public/app-privacy';
import BlogIndexPage, { blogIndexParams } from '../routes/public/blog-index';
import BlogPostPage from '../routes/public/blog-post';
import ContactPage from '../routes/public/contact';
import HomePage from '../routes/public/home';
import NotFoundPage from '../routes/public/not-found';
import PreviewPage, { previewToken } from '../routes/public/preview';
import PrivacyPage from '../routes/public/privacy';
import { AppPressPage, appPressKitQuery, StudioPressPage, studioPressKitQuery } from '../routes/public/press';

/**
 * What a route reads (API paths, given its params). `head` reads decide the document's head and
 * status (title, description, not found) and come first; `body` reads fill the page below and may
 * arrive after it has started: a slow one streams the page's skeleton first (SPEC's loading states).
 */
export interface Reads {
  head: ReadKey[];
  body: ReadKey[];
}

/** An API path, or a query key that starts with one (a page of a list: see lib/paged.ts). */
export type ReadKey = string | readonly [string, ...unknown[]];

export interface PublicRoute {
  path: string;
  /**
   * The query parameters the page reads, in their canonical order. Only these reach the render and
   * the page cache's key (see ssr/page-paths.ts canonicalQuery); a route without them ignores the query.
   */
  search?: readonly string[];
  reads: (params: Record<string, string | undefined>, search: URLSearchParams) => Reads;
  /**
   * What the head reads found decides the rest: more reads (made before the page renders), or
   * that the page lives at another address now (a permanent redirect).
   */
  then?: (params: Record<string, string | undefined>, data: QueryClient) => { moved?: string; reads?: ReadKey[] };
  /**
   * The page differs by the visitor's platform (ios, android, other: the store badges' order),
   * read from the User-Agent: it is kept once per platform and sent with `Vary: User-Agent`.
   */
  variesByPlatform?: boolean;
}

const reads = (head: ReadKey[], body: ReadKey[] = []): Reads => ({ head, body });

/** The page a deletion request's emailed link opens (issue 21): never cached or indexed (ssr/pages.ts). */
export const DELETION_CONFIRM_ROUTE = '/apps/:appKey/delete-account/confirm/:token';

/** A post's page reads the post; its app is read once the post is known (see ssr/render.tsx). */
const postReads = ({ id }: Record<string, string | undefined>) => {
  const n = parseId(id);
  return n ? reads([api.blog(n)]) : reads([]);
};

/**
 * An app's own page under /apps/{slug}/… (issue 14: its privacy policy): the app is found by its
 * slug; by its id, the page moves to the slug's address. `more` names the reads once the app is known.
 */
const appSubpage = (
  subpath: (slug: string, params: Record<string, string | undefined>) => string,
  more: (appId: number, params: Record<string, string | undefined>) => ReadKey[],
): Pick<PublicRoute, 'reads' | 'then'> => ({
  reads: ({ appKey }) => {
    const id = parseId(appKey);
    return id ? reads([api.app(id)]) : reads([appsQuery().queryKey[0]]);
  },
  then: (params, data) => {
    const id = parseId(params.appKey);
    if (id) {
      const app = data.getQueryData<App>([api.app(id)]);
      return app ? { moved: subpath(app.slug, params) } : {};
    }
    const app = appOfPage(params.appKey, data);
    return app ? { reads: more(app.id, params) } : {};
  },
});

const routeReads: PublicRoute[] = [
  { path: paths.home, reads: () => reads([api.homeContent], [api.apps, api.blogCounts]) },
  { path: paths.about, reads: () => reads([], [api.aboutUs]) },
  { path: paths.contact, reads: () => reads([]) },
  { path: paths.privacy, reads: () => reads([], [api.privacyPolicy]) },
  {
    path: '/apps/:appId/blogs',
    reads: ({ appId }) => {
      const id = parseId(appId);
      return id ? reads([api.app(id)], [api.appBlogs(id)]) : reads([]);
    },
  },
  {
    // An app's page: by its slug; by its id, a permanent move to its slug (hidden apps: not found).
    path: '/apps/:appKey',
    variesByPlatform: true,
    reads: ({ appKey }) => {
      const id = parseId(appKey);
      return id ? reads([api.app(id)]) : reads([appsQuery().queryKey[0]]);
    },
    then: ({ appKey }, data) => {
      const id = parseId(appKey);
      if (id) {
        const app = data.getQueryData<App>([api.app(id)]);
        return app ? { moved: paths.app(app.slug) } : {};
      }
      const app = appOfPage(appKey, data);
      return app ? { reads: [api.appBlogs(app.id), api.appPageLinks(app.id)] } : {};
    },
  },
  {
    path: '/apps/:appKey/privacy',
    ...appSubpage(paths.appPrivacy, (id) => [api.appPrivacyPolicy(id), api.appPrivacyVersions(id)]),
  },
  {
    // A malformed day is never read: the page shows its not-found state.
    path: '/apps/:appKey/privacy/:day',
    ...appSubpage(
      (slug, { day }) => paths.appPrivacyVersion(slug, day ?? ''),
      (id, { day }) =>
        day && isEffectiveDate(day) ? [api.appPrivacyVersion(id, day), api.appPrivacyVersions(id)] : [],
    ),
  },
  {
    // A saved version at its permanent address (issue 21); a malformed id is never read.
    path: '/apps/:appKey/privacy/versions/:versionId',
    ...appSubpage(
      (slug, { versionId }) => paths.appPrivacySaved(slug, versionId ?? ''),
      (id, { versionId }) => {
        const n = parseId(versionId);
        return n ? [api.appPrivacySaved(id, n), api.appPrivacyVersions(id)] : [];
      },
    ),
  },
  // An app's support and account-deletion pages (issue 14), from its deletion and support texts.
  { path: '/apps/:appKey/support', ...appSubpage(paths.appSupport, (id) => [api.appPages(id)]) },
  { path: '/apps/:appKey/delete-account', ...appSubpage(paths.appDeleteAccount, (id) => [api.appPages(id)]) },
  {
    // The link that confirms a deletion request (issue 21): the request is found by the link alone.
    path: DELETION_CONFIRM_ROUTE,
    reads: ({ token }) => {
      const secret = deletionToken(token);
      return secret ? reads([deletionConfirmationQuery(secret).queryKey[0]]) : reads([]);
    },
  },
  // Press kits (issue 14): the studio's, and an app's (which shows the studio's facts where its own are empty).
  { path: paths.press, search: ['sent'], reads: () => reads([studioPressKitQuery().queryKey[0], api.apps]) },
  {
    path: '/apps/:appKey/press',
    search: ['sent'],
    ...appSubpage(paths.appPress, (id) => [appPressKitQuery(id).queryKey[0], studioPressKitQuery().queryKey[0]]),
  },
  { path: '/blogs/:id', reads: postReads },
  // The readable address; an old slug is redirected to the post's current one (see ssr/render.tsx).
  { path: '/blogs/:id/:slug', reads: postReads },
  {
    // Which page and which app decide the status (a page past the last, an unknown app: not found).
    path: paths.blogIndex,
    search: ['app', 'page'],
    reads: (_params, search) => {
      const query = blogIndexParams(search);
      return query
        ? reads([blogIndexQuery(query).queryKey, appsQuery().queryKey[0]], [blogCountsQuery().queryKey[0]])
        : reads([]);
    },
  },
  {
    path: '/preview/:token',
    reads: ({ token }) => {
      const secret = previewToken(token);
      return secret ? reads([previewQuery(secret).queryKey[0]]) : reads([]);
    },
  },
  { path: '*', reads: () => reads([]) },
];

/** Every page's layout shows the studio's contact and social links in its footer. */
const layoutReads = [api.contact, api.socialMedia];

export const publicRoutes: PublicRoute[] = routeReads.map((r) => ({
  ...r,
  reads: (params, search) => {
    const { head, body } = r.reads(params, search);
    return { head, body: [...body, ...layoutReads] };
  },
}));

/** The route a path renders, and its parameters ('*' when no other matches). */
export function matchPublicRoute(pathname: string): { route: PublicRoute; params: Record<string, string | undefined> } {
  const route = publicRoutes.find((r) => matchPath({ path: r.path, end: true }, pathname))!;
  return { route, params: matchPath({ path: route.path, end: true }, pathname)?.params ?? {} };
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'apps/:appKey', element: <AppPage /> },
      { path: 'apps/:appId/blogs', element: <AppBlogsPage /> },
      { path: 'apps/:appKey/support', element: <AppSupportPage /> },
      { path: 'apps/:appKey/delete-account', element: <AppDeleteAccountPage /> },
      { path: 'apps/:appKey/delete-account/confirm/:token', element: <DeletionConfirmPage /> },
      { path: 'apps/:appKey/privacy', element: <AppPrivacyPage /> },
      { path: 'apps/:appKey/privacy/:day', element: <AppPrivacyVersionPage /> },
      { path: 'apps/:appKey/privacy/versions/:versionId', element: <AppPrivacySavedPage /> },
      { path: 'press', element: <StudioPressPage /> },
      { path: 'apps/:appKey/press', element: <AppPressPage /> },
      { path: 'blog', element: <BlogIndexPage /> },
      { path: 'blogs/:id', element: <BlogPostPage /> },
      { path: 'blogs/:id/:slug', element: <BlogPostPage /> },
      { path: 'preview/:token', element: <PreviewPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

// The public route table, rendered on the server only. Each route names the API reads it needs, so
// the server can prefetch them and send a page that is complete without JavaScript.
import type { RouteObject } from 'react-router';
import { api, paths } from '../../shared/paths';
import { parseId } from '../lib/params';
import { PublicLayout } from './public-layout';
import AboutPage from '../routes/public/about';
import AppBlogsPage from '../routes/public/app-blogs';
import BlogPostPage from '../routes/public/blog-post';
import ContactPage from '../routes/public/contact';
import HomePage from '../routes/public/home';
import NotFoundPage from '../routes/public/not-found';
import PrivacyPage from '../routes/public/privacy';

/** What a route reads: API paths, given the route's params (and reads done so far). */
export type Prefetch = (params: Record<string, string | undefined>) => string[];

export interface PublicRoute {
  path: string;
  prefetch: Prefetch;
}

const layoutReads = [api.contact];

const routeReads: PublicRoute[] = [
  { path: paths.home, prefetch: () => [api.homeContent, api.apps, api.blogCounts] },
  { path: paths.about, prefetch: () => [api.aboutUs] },
  { path: paths.contact, prefetch: () => [] },
  { path: paths.privacy, prefetch: () => [api.privacyPolicy] },
  {
    path: '/apps/:appId/blogs',
    prefetch: ({ appId }) => {
      const id = parseId(appId);
      return id ? [api.app(id), api.appBlogs(id)] : [];
    },
  },
  {
    path: '/blogs/:id',
    prefetch: ({ id }) => {
      const n = parseId(id);
      return n ? [api.blog(n)] : [];
    },
  },
  { path: '*', prefetch: () => [] },
];

export const publicRoutes: PublicRoute[] = routeReads.map((r) => ({
  ...r,
  prefetch: (params) => [...layoutReads, ...r.prefetch(params)],
}));

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'apps/:appId/blogs', element: <AppBlogsPage /> },
      { path: 'blogs/:id', element: <BlogPostPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

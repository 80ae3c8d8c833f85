// The route table. Each public route names the API reads it needs, so the server can
// prefetch them and send a page that is complete without JavaScript.
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { api, paths } from '../../shared/paths';
import { parseId } from '../lib/params';
import { PublicLayout } from './public-layout';
import HomePage from '../routes/public/home';

const AboutPage = lazy(() => import('../routes/public/about'));
const ContactPage = lazy(() => import('../routes/public/contact'));
const PrivacyPage = lazy(() => import('../routes/public/privacy'));
const AppBlogsPage = lazy(() => import('../routes/public/app-blogs'));
const BlogPostPage = lazy(() => import('../routes/public/blog-post'));
const NotFoundPage = lazy(() => import('../routes/public/not-found'));
const AdminApp = lazy(() => import('../routes/admin/admin-app'));

/** What a route reads: API paths, given the route's params (and reads done so far). */
export type Prefetch = (params: Record<string, string | undefined>) => string[];

export interface PublicRoute {
  path: string;
  /** Module id (for preloading its chunk). */
  chunk?: string;
  prefetch: Prefetch;
}

const layoutReads = [api.contact];

const routeReads: PublicRoute[] = [
  { path: paths.home, prefetch: () => [api.homeContent, api.apps, api.blogCounts] },
  { path: paths.about, chunk: 'src/client/routes/public/about.tsx', prefetch: () => [api.aboutUs] },
  { path: paths.contact, chunk: 'src/client/routes/public/contact.tsx', prefetch: () => [] },
  { path: paths.privacy, chunk: 'src/client/routes/public/privacy.tsx', prefetch: () => [api.privacyPolicy] },
  {
    path: '/apps/:appId/blogs',
    chunk: 'src/client/routes/public/app-blogs.tsx',
    prefetch: ({ appId }) => {
      const id = parseId(appId);
      return id ? [api.app(id), api.appBlogs(id)] : [];
    },
  },
  {
    path: '/blogs/:id',
    chunk: 'src/client/routes/public/blog-post.tsx',
    prefetch: ({ id }) => {
      const n = parseId(id);
      return n ? [api.blog(n)] : [];
    },
  },
  { path: '*', chunk: 'src/client/routes/public/not-found.tsx', prefetch: () => [] },
];

export const publicRoutes: PublicRoute[] = routeReads.map((r) => ({
  ...r,
  prefetch: (params) => [...layoutReads, ...r.prefetch(params)],
}));

export const routes: RouteObject[] = [
  { path: 'admin-page/*', element: <AdminApp /> },
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

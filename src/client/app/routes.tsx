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

/**
 * What a route reads (API paths, given its params). `head` reads decide the document's head and
 * status (title, description, not found) and come first; `body` reads fill the page below and may
 * arrive after it has started: a slow one streams the page's skeleton first (SPEC's loading states).
 */
export interface Reads {
  head: string[];
  body: string[];
}

export interface PublicRoute {
  path: string;
  reads: (params: Record<string, string | undefined>) => Reads;
}

const reads = (head: string[], body: string[] = []): Reads => ({ head, body });

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
    // The post's app is read once the post is known (see ssr/render.tsx).
    path: '/blogs/:id',
    reads: ({ id }) => {
      const n = parseId(id);
      return n ? reads([api.blog(n)]) : reads([]);
    },
  },
  { path: '*', reads: () => reads([]) },
];

/** Every page's layout shows the studio's contact and social links in its footer. */
const layoutReads = [api.contact, api.socialMedia];

export const publicRoutes: PublicRoute[] = routeReads.map((r) => ({
  ...r,
  reads: (params) => {
    const { head, body } = r.reads(params);
    return { head, body: [...body, ...layoutReads] };
  },
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

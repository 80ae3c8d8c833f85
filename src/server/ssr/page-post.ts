// The post a rendered route shows, from the render's reads: a post's page at either of its
// addresses, or a shared draft. Its app is read after it (ssr/render.tsx); its head, share image
// and structured data are built from it.
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/paths';
import { blogPostPage } from '../../client/routes/public/blog-post';
import { PREVIEW_ROUTE } from '../../client/routes/public/preview';
import type { App } from '../../shared/schemas/apps';
import type { BlogPost } from '../../shared/schemas/blog-posts';

/** The routes of a post's own page: its id alone, and its readable address. */
export const POST_ROUTES = new Set(blogPostPage.paths);
export { PREVIEW_ROUTE };

export { pageApp } from '../../client/page-kit/app-subpage';

export interface PagePost {
  post: BlogPost;
  app: App | undefined;
  /** A shared draft (not indexed, no structured data). */
  preview: boolean;
}

export function pagePost(
  routePath: string,
  params: Record<string, string | undefined>,
  data: QueryClient,
): PagePost | undefined {
  let post: BlogPost | undefined;
  if (POST_ROUTES.has(routePath) && params.id) post = data.getQueryData<BlogPost>([api.blog(params.id)]);
  if (routePath === PREVIEW_ROUTE && params.token) post = data.getQueryData<BlogPost>([api.preview(params.token)]);
  if (!post) return undefined;
  return {
    post,
    app: data.getQueryData<App>([api.app(post.appId)]),
    preview: routePath === PREVIEW_ROUTE,
  };
}

// The post a rendered route shows, from the render's reads: a post's page at either of its
// addresses, or a shared draft. Its app is read after it (ssr/render.tsx); its head, share image
// and structured data are built from it.
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/paths';
import { blogPostPage } from '../../client/routes/public/blog-post';
import { PREVIEW_ROUTE, previewApp } from '../../client/routes/public/preview';
import type { App } from '../../shared/schemas/apps';
import type { BlogPost, PreviewPost } from '../../shared/schemas/blog-posts';

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
  const preview = routePath === PREVIEW_ROUTE;
  let post: BlogPost | undefined;
  if (POST_ROUTES.has(routePath) && params.id) post = data.getQueryData<BlogPost>([api.blog(params.id)]);
  if (preview && params.token) post = data.getQueryData<PreviewPost>([api.preview(params.token)]);
  if (!post) return undefined;
  // A studio post (issue 26) has no app.
  const app = post.appId === null ? undefined : data.getQueryData<App>([api.app(post.appId)]);
  // A shared draft names its app in the link's language, as its page does.
  return { post, app: preview ? previewApp(post as PreviewPost, app) : app, preview };
}

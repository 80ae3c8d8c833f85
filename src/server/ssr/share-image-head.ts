// Which picture a rendered page shares (og:image): chosen on the server from the render's data, so
// that none of this is sent to browsers. A post: its first image when it is an uploaded JPEG or PNG
// of at least 1200×630, else its app's; an app: its first screenshot by the same rule, else a card
// drawn for it; every other page: the studio's card.
import type { QueryClient } from '@tanstack/react-query';
import type { SiteInfo } from '../../client/app/site-context';
import { api } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import { appShareImage, studioCard, uploadedShareImage, type ShareImage } from '../../shared/share-image';

export function pageShareImage(
  site: SiteInfo,
  routePath: string,
  params: Record<string, string | undefined>,
  data: QueryClient,
): ShareImage {
  if (routePath === '/apps/:appId/blogs' && params.appId) {
    const app = data.getQueryData<App>([api.app(params.appId)]);
    if (app) return appShareImage(site.name, app);
  }
  if (routePath === '/blogs/:id' && params.id) {
    const post = data.getQueryData<BlogPost>([api.blog(params.id)]);
    const app = post ? data.getQueryData<App>([api.app(post.appId)]) : undefined;
    const own = post ? uploadedShareImage(post.images[0], `${post.title}: image 1`) : null;
    if (own) return own;
    if (app) return appShareImage(site.name, app);
  }
  // Pages without a picture of their own: the studio's default share image, else its card.
  return uploadedShareImage(site.shareImage, site.name) ?? studioCard(site.name);
}

// Which picture a rendered page shares (og:image): chosen on the server from the render's data, so
// that none of this is sent to browsers. A post: the share image its author chose (an uploaded JPEG
// or PNG), else its first image (gallery, then text) that is an uploaded JPEG or PNG of at least
// 1200×630, else its app's; an app: the share image staff chose, else its first wide screenshot by
// the same rule, else a card drawn for it; every other page: the studio's default, else its card.
import type { QueryClient } from '@tanstack/react-query';
import type { Translate } from '../../client/page-kit/messages';
import type { SiteInfo } from '../../client/page-kit/site-context';
import { api } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import {
  appShareImage,
  chosenShareImage,
  studioCard,
  uploadedShareImage,
  type ShareImage,
  type ShareWords,
} from '../../shared/share-image';
import { pageApp, pagePost } from './page-post';

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*["']([^"']+)["']/gi;

/** A post's pictures in order: its gallery, then the images in its text. */
export function postImages(post: Pick<BlogPost, 'images' | 'content'>): string[] {
  return [...post.images, ...[...post.content.matchAll(IMG_SRC)].map((m) => m[1]!.replace(/&amp;/g, '&'))];
}

/** The alt texts' words in the page's language. */
const shareWords = (t: Translate): ShareWords => ({
  appBy: (app, site) => t('share.appBy', { app, site }),
  screenshotOf: (app) => t('share.screenshotOf', { app }),
});

/** The picture a post shares (see the top of this file). */
export function postShareImage(
  siteName: string,
  post: BlogPost,
  app: App | undefined,
  t: Translate,
): ShareImage | null {
  const chosen = post.shareImage ? chosenShareImage(post.shareImage, post.title) : null;
  if (chosen) return chosen;
  const images = postImages(post);
  for (const [i, url] of images.entries()) {
    const own = uploadedShareImage(url, t('share.postImage', { title: post.title, n: i + 1 }));
    if (own) return own;
  }
  return app ? appShareImage(siteName, app, shareWords(t)) : null;
}

export function pageShareImage(
  site: SiteInfo,
  routePath: string,
  params: Record<string, string | undefined>,
  data: QueryClient,
  t: Translate,
): ShareImage {
  if (routePath === '/apps/:appKey') {
    const app = pageApp(params, data);
    if (app) return appShareImage(site.name, app, shareWords(t));
  }
  if (routePath === '/apps/:appId/blogs' && params.appId) {
    const app = data.getQueryData<App>([api.app(params.appId)]);
    if (app) return appShareImage(site.name, app, shareWords(t));
  }
  const shown = pagePost(routePath, params, data);
  const own = shown && postShareImage(site.name, shown.post, shown.app, t);
  if (own) return own;
  // Pages without a picture of their own: the studio's default share image, else its card.
  return uploadedShareImage(site.shareImage, site.name) ?? studioCard(site.name);
}

// What the heads of many pages share: absolute addresses, an app's App Store id, a post's
// description, the not-found head. Each page's own head is declared with the page
// (definePublicPage's `head`); structured data and share images are the server's
// (ssr/structured-data.ts, ssr/share-image-head.ts).
import type { App } from '../../shared/schemas/apps';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import { appleAppIdOf } from '../../shared/store-links';
import { excerpt } from '../../shared/text';
import type { HeadData } from './head';
import type { Translate } from './messages';
import type { SiteInfo } from './site-context';

export const abs = (site: SiteInfo, path: string) => (/^https?:\/\//.test(path) ? path : `${site.url}${path}`);

/** The numeric App Store id of an app (its own, else the one in its App Store link): the Smart App Banner's. */
export const appStoreId = (app: App | undefined) => (app ? appleAppIdOf(app) : undefined);

/** The description a post shares: its SEO description, else its excerpt, else the start of its text. */
export const postDescription = (post: BlogPost) => post.seoDescription || post.excerpt || excerpt(post.content, 160);

/** A not-found state's head; with `t`, in the page's language (without it, English: pages not yet translated). */
export function notFoundHead(site: SiteInfo, path: string, title?: string, t?: Translate): HeadData {
  const shown = title ?? (t ? t('notFound.title') : '404 Page Not Found');
  return {
    title: t ? t('head.titleSuffix', { title: shown, site: site.name }) : `${shown} | ${site.name}`,
    description: t ? t('notFound.description') : 'The page you are looking for does not exist.',
    path,
    status: 404,
    noindex: true,
  };
}

/** The head of a state that names nothing (a read that failed): the site's name at the address opened. */
export function untitledHead(site: SiteInfo): HeadData {
  return { title: site.name, description: '', path: '' };
}

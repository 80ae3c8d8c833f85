// Titles and descriptions of every public page: one place, used by the server render (HTML head)
// and by the browser (document.title on navigation). Structured data and share images are the server's
// (ssr/structured-data.ts, ssr/share-image-head.ts).
import { paths } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import type { HomeContent } from '../../shared/schemas/site-content';
import { appleAppIdOf, googlePlayPackageOf } from '../../shared/store-links';
import { excerpt, truncate } from '../../shared/text';
import type { HeadData } from './head';
import type { SiteInfo } from './site-context';

export const abs = (site: SiteInfo, path: string) => (/^https?:\/\//.test(path) ? path : `${site.url}${path}`);

/** The numeric App Store id of an app (its own, else the one in its App Store link): the Smart App Banner's. */
export const appStoreId = (app: App | undefined) => (app ? appleAppIdOf(app) : undefined);

export function homeHead(site: SiteInfo, home: HomeContent | null): HeadData {
  const title = home?.heroTitle ? `${home.heroTitle} | ${site.name}` : `${site.name} | Mobile Games & Apps`;
  const description =
    home?.heroContent || `${site.name} is an independent studio making mobile games and apps. Browse our portfolio.`;
  return {
    title,
    description: truncate(description, 160),
    path: paths.home,
    feeds: [{ title: `${site.name} blog`, href: paths.rss }],
  };
}

export function aboutHead(site: SiteInfo): HeadData {
  return {
    title: `About Us | ${site.name}`,
    description: `Learn about ${site.name}: our mission, our team and our approach to creating mobile games that people love.`,
    path: paths.about,
  };
}

export function contactHead(site: SiteInfo): HeadData {
  return {
    title: `Contact | ${site.name}`,
    description: `Get in touch with ${site.name}: questions, feedback or partnership ideas about our mobile games and apps.`,
    path: paths.contact,
  };
}

export function privacyHead(site: SiteInfo): HeadData {
  return {
    title: `Privacy Policy | ${site.name}`,
    description: `How ${site.name} collects, uses and protects your information in our mobile games, apps and website.`,
    path: paths.privacy,
  };
}

export function appBlogsHead(site: SiteInfo, app: App): HeadData {
  return {
    title: `${app.title} Blog | ${site.name}`,
    description: truncate(`News, devlogs and updates about ${app.title}. ${app.description}`, 160),
    path: paths.appBlogs(app.id),
    appStoreId: appStoreId(app),
    feeds: [{ title: `${app.title} blog`, href: paths.appRss(app.id) }],
  };
}

/** An app's page (issue 13): its tagline or description, the X App Card, the Smart App Banner, its feed. */
export function appPageHead(site: SiteInfo, app: App): HeadData {
  const iphone = appleAppIdOf(app);
  const googlePlay = googlePlayPackageOf(app);
  // The card's "open" address: this page, when the app claims the site's links (universal links, app links).
  const opens = app.appLinkPaths.length > 0 ? abs(site, paths.app(app.slug)) : undefined;
  return {
    title: `${app.title}${app.tagline ? `: ${app.tagline}` : ''} | ${site.name}`,
    description: truncate(app.description, 160),
    path: paths.app(app.slug),
    appStoreId: iphone,
    twitterApp:
      iphone || googlePlay
        ? {
            name: app.title,
            iphone: iphone ? { id: iphone, url: opens } : undefined,
            googlePlay: googlePlay ? { id: googlePlay, url: opens } : undefined,
          }
        : undefined,
    feeds: [{ title: `${app.title} blog`, href: paths.appRss(app.id) }],
  };
}

/** The description a post shares: its SEO description, else its excerpt, else the start of its text. */
export const postDescription = (post: BlogPost) => post.seoDescription || post.excerpt || excerpt(post.content, 160);

export function blogPostHead(site: SiteInfo, post: BlogPost, app: App | undefined): HeadData {
  return {
    // An SEO title is the whole title, as its author wrote it.
    title: post.seoTitle || `${post.title} | ${app ? `${app.title} | ` : ''}${site.name}`,
    description: postDescription(post),
    // The readable address is the canonical one, whichever of the post's addresses was opened.
    path: paths.readablePost(post),
    type: 'article',
    appStoreId: appStoreId(app),
    feeds: app ? [{ title: `${app.title} blog`, href: paths.appRss(app.id) }] : [],
  };
}

/** A shared draft: as its page will look, but never indexed and with no canonical address. */
export function previewHead(site: SiteInfo, post: BlogPost, app: App | undefined): HeadData {
  return { ...blogPostHead(site, post, app), noindex: true, feeds: [] };
}

export function blogIndexHead(
  site: SiteInfo,
  { page, pages, app }: { page: number; pages: number; app?: App },
): HeadData {
  const what = app ? `${app.title} blog` : 'Blog';
  const paging = page > 1 ? ` (page ${page} of ${pages})` : '';
  return {
    title: `${what}${paging} | ${site.name}`,
    description: app
      ? truncate(`News, devlogs and updates about ${app.title} from ${site.name}.`, 160)
      : `News, devlogs and updates about every game and app from ${site.name}, newest first.`,
    path: paths.blogIndexPage(page, app?.id),
    feeds: [
      { title: `${site.name} blog`, href: paths.blogRss },
      ...(app ? [{ title: `${app.title} blog`, href: paths.appRss(app.id) }] : []),
    ],
  };
}

export function notFoundHead(site: SiteInfo, path: string, title = '404 Page Not Found'): HeadData {
  return {
    title: `${title} | ${site.name}`,
    description: 'The page you are looking for does not exist.',
    path,
    status: 404,
    noindex: true,
  };
}

// JSON-LD for search engines: Organization on the home page, SoftwareApplication (VideoGame for
// games) per app with its store links, BlogPosting on a post. Built from the render's data.
import type { QueryClient } from '@tanstack/react-query';
import { abs, postDescription } from '../../client/app/seo';
import type { SiteInfo } from '../../client/app/site-context';
import { api, paths } from '../../shared/paths';
import type { App } from '../../shared/schemas/apps';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import { pagePost } from './page-post';
import { postImages } from './share-image-head';

// Apps have no category field: a game is recognised by how it is described.
const GAME_WORDS =
  /\b(game|gaming|puzzle|play|player|level|tactic|platform|adventure|arcade|strategy|quest|battle|farm|harvest|racing|runner|match-3|rpg|shooter|idle)/i;

function appJsonLd(site: SiteInfo, app: App): object {
  const isGame = GAME_WORDS.test(`${app.title} ${app.description}`);
  const stores = [app.googlePlayLink, app.appStoreLink, app.webAppLink].filter(Boolean) as string[];
  return {
    '@context': 'https://schema.org',
    '@type': isGame ? 'VideoGame' : 'SoftwareApplication',
    name: app.title,
    description: app.description,
    image: abs(site, app.screenshots[0] ?? app.icon),
    applicationCategory: isGame ? 'GameApplication' : 'MobileApplication',
    operatingSystem:
      [app.googlePlayLink && 'Android', app.appStoreLink && 'iOS', app.webAppLink && 'Web']
        .filter(Boolean)
        .join(', ') || undefined,
    author: { '@type': 'Organization', name: site.name, url: site.url },
    ...(stores[0] ? { installUrl: stores[0] } : {}),
    ...(stores.length
      ? { offers: stores.map((url) => ({ '@type': 'Offer', url, price: '0', priceCurrency: 'USD' })) }
      : {}),
    url: abs(site, paths.appBlogs(app.id)),
  };
}

function postJsonLd(site: SiteInfo, post: BlogPost, app: App | undefined): object {
  const image = post.shareImage || postImages(post)[0] || app?.screenshots[0];
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: postDescription(post),
    ...(image ? { image: abs(site, image) } : {}),
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post.updatedAt,
    author: { '@type': 'Organization', name: site.name, url: site.url },
    publisher: { '@type': 'Organization', name: site.name, url: site.url },
    mainEntityOfPage: abs(site, paths.readablePost(post)),
    ...(app ? { about: { '@type': 'SoftwareApplication', name: app.title } } : {}),
  };
}

/** The JSON-LD blocks of a rendered route, from the data its render read. */
export function structuredData(
  site: SiteInfo,
  routePath: string,
  params: Record<string, string | undefined>,
  data: QueryClient,
): object[] {
  if (routePath === paths.home) {
    const apps = data.getQueryData<App[]>([api.apps]) ?? [];
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: site.name,
        url: site.url,
        logo: abs(site, '/media/demo/default-icon.svg'),
      },
      ...apps.map((app) => appJsonLd(site, app)),
    ];
  }
  if (routePath === '/apps/:appId/blogs' && params.appId) {
    const app = data.getQueryData<App>([api.app(params.appId)]);
    return app ? [appJsonLd(site, app)] : [];
  }
  const shown = pagePost(routePath, params, data);
  // A shared draft is not for search engines.
  if (shown) return shown.preview ? [] : [postJsonLd(site, shown.post, shown.app)];
  return [];
}

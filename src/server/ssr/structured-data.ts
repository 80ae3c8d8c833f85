// JSON-LD for search engines: Organization and the list of the apps' pages on the home page (a
// summary page, decision 122), MobileApplication (and VideoGame for games) on an app's own page and
// its blog page, BlogPosting on a post. Built from the render's data.
import type { Translate } from '../../client/page-kit/messages';
import type { QueryClient } from '@tanstack/react-query';
import { abs, postDescription } from '../../client/page-kit/seo';
import type { SiteInfo } from '../../client/page-kit/site-context';
import { api, paths } from '../../shared/paths';
import { ratingMark } from '../../shared/schemas/app-ratings';
import { appPlatforms } from '../../shared/schemas/app-catalogue';
import { PLATFORM_NAMES, trailerEmbed, trailerPage, type App } from '../../shared/schemas/apps';
import { appStoreUrl, googlePlayUrl } from '../../shared/store-links';
import type { TrailerProps } from '../../client/islands/trailer';
import type { BlogPost } from '../../shared/schemas/blog-posts';
import type { PublicRelease } from '../../shared/schemas/app-releases';
import { pageApp, pagePost } from './page-post';
import { postImages } from './share-image-head';

type TrailerProvider = TrailerProps['provider'];

/** schema.org's applicationCategory values Google understands, for the categories apps are given. */
const APP_CATEGORIES: [RegExp, string][] = [
  [/productiv|todo|habit|task|note/i, 'ProductivityApplication'],
  [/health|fitness|sleep|focus|medit/i, 'HealthApplication'],
  [/educat|learn/i, 'EducationalApplication'],
  [/financ|money|budget/i, 'FinanceApplication'],
  [/music|audio|sound|video|photo|entertain/i, 'MultimediaApplication'],
  [/social|chat|messag/i, 'SocialNetworkingApplication'],
  [/travel|map|navig/i, 'TravelApplication'],
  [/shop|commerce/i, 'ShoppingApplication'],
  [/develop|code/i, 'DeveloperApplication'],
];

const applicationCategory = (app: App) =>
  app.kind === 'game'
    ? 'GameApplication'
    : (APP_CATEGORIES.find(([pattern]) => pattern.test(app.category))?.[1] ?? 'UtilitiesApplication');

/**
 * The app's age ratings as schema.org's contentRating (issue 25): each system's mark as it writes it
 * ("PEGI 7", "ESRB E10+"), then the free-text rating when it says something else; one is a text,
 * several a list.
 */
function contentRatingOf(app: App): { contentRating?: string | string[] } {
  const marks = app.ratings.map(ratingMark);
  if (app.ageRating && !marks.includes(app.ageRating)) marks.push(app.ageRating);
  if (marks.length === 0) return {};
  return { contentRating: marks.length === 1 ? marks[0]! : marks };
}

/**
 * An app as schema.org describes it: a MobileApplication (a WebApplication when it runs in the
 * browser alone), and for a game a VideoGame too, with its platforms, genre and trailer. Only what
 * the app page shows: no rating, no review.
 */
export function appJsonLd(site: SiteInfo, app: App, t?: Translate): object {
  const platforms = appPlatforms(app);
  const base = platforms.length > 0 && platforms.every((p) => p === 'web') ? 'WebApplication' : 'MobileApplication';
  const isGame = app.kind === 'game';
  const stores = [appStoreUrl(app), googlePlayUrl(app), app.webAppLink].filter((u): u is string => Boolean(u));
  const image = app.screenshots[0] ?? app.icon;
  const released = app.releaseDate && !app.comingSoon ? app.releaseDate : undefined;
  // An offer only for an app one can get (or pre-order): its price, 0 when free.
  const offerUrl = stores[0] ?? app.preOrderLink ?? app.preRegisterLink;
  return {
    '@context': 'https://schema.org',
    '@type': isGame ? ['VideoGame', base] : base,
    name: app.title,
    description: app.description,
    url: abs(site, paths.app(app.slug)),
    image: abs(site, image),
    ...(app.icon ? { thumbnailUrl: abs(site, app.icon) } : {}),
    applicationCategory: applicationCategory(app),
    ...(platforms.length ? { operatingSystem: platforms.map((p) => PLATFORM_NAMES[p]).join(', ') } : {}),
    ...(released ? { datePublished: released } : {}),
    ...contentRatingOf(app),
    ...(stores[0] ? { installUrl: stores[0] } : {}),
    ...(offerUrl
      ? {
          offers: {
            '@type': 'Offer',
            url: offerUrl,
            price: app.priceAmount ?? '0',
            priceCurrency: app.priceCurrency ?? 'USD',
            ...(app.comingSoon || !stores[0] ? { availability: 'https://schema.org/PreOrder' } : {}),
          },
        }
      : {}),
    ...(isGame
      ? {
          ...(platforms.length ? { gamePlatform: platforms.map((p) => PLATFORM_NAMES[p]) } : {}),
          ...(app.category ? { genre: app.category } : {}),
          ...(app.trailerProvider && app.trailerId
            ? {
                trailer: {
                  '@type': 'VideoObject',
                  name: t ? t('trailer.title', { title: app.title }) : `${app.title} trailer`,
                  description: app.tagline || app.description,
                  thumbnailUrl: abs(site, image),
                  embedUrl: trailerEmbed({ provider: app.trailerProvider as TrailerProvider, id: app.trailerId }),
                  url: trailerPage({ provider: app.trailerProvider as TrailerProvider, id: app.trailerId }),
                },
              }
            : {}),
        }
      : {}),
    author: { '@type': 'Organization', name: site.name, url: site.url },
    publisher: { '@type': 'Organization', name: site.name, url: site.url },
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
    ...(app
      ? {
          about: {
            '@type': app.kind === 'game' ? 'VideoGame' : 'SoftwareApplication',
            name: app.title,
            url: abs(site, paths.app(app.slug)),
          },
        }
      : {}),
  };
}

/** The JSON-LD blocks of a rendered route, from the data its render read. */
export function structuredData(
  site: SiteInfo,
  routePath: string,
  params: Record<string, string | undefined>,
  data: QueryClient,
  /** The page's words (the site's own words in it: a trailer's name). */
  t?: Translate,
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
      // A summary page (decision 122): the apps as a list of their pages, each described on its own page only.
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: apps.map((app, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: abs(site, paths.app(app.slug)),
        })),
      },
    ];
  }
  if (routePath === '/apps/:appKey') {
    const app = pageApp(params, data);
    if (!app) return [];
    // The latest version (issue 26), as the page's "What's new" shows it.
    const latest = data.getQueryData<PublicRelease[]>([api.appReleases(app.id)])?.[0];
    return [{ ...appJsonLd(site, app, t), ...(latest ? { softwareVersion: latest.version } : {}) }];
  }
  if (routePath === '/apps/:appId/blogs' && params.appId) {
    const app = data.getQueryData<App>([api.app(params.appId)]);
    return app ? [appJsonLd(site, app, t)] : [];
  }
  const shown = pagePost(routePath, params, data);
  // A shared draft is not for search engines.
  if (shown) return shown.preview ? [] : [postJsonLd(site, shown.post, shown.app)];
  return [];
}

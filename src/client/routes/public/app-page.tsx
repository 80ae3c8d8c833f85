// An app's own page (issue 13), at /apps/{slug}: hero with its store badges in the visitor's order,
// the whole screenshot gallery with a lightbox, the trailer behind a facade, the description, the
// facts (release, price, age rating, platforms), the latest posts and its links. /apps/{id} is
// redirected here by the server (routes.tsx).
import { listFor, SubscribeBox } from '../../page-kit/subscribe-box';
import { Link, useParams } from 'react-router';
import { formatLongUs } from '../../../shared/dates';
import { paths, api } from '../../../shared/paths';
import { PLATFORM_NAMES, type App, type Platform } from '../../../shared/schemas/apps';
import type { SpriteIconName } from '../../../shared/icons';
import { excerpt, truncate } from '../../../shared/text';
import type { HeadData } from '../../page-kit/head';
import { useFooterNotes } from '../../page-kit/footer-notes';
import { abs } from '../../page-kit/seo';
import type { SiteInfo } from '../../page-kit/site-context';
import { useVisitorPlatform } from '../../page-kit/visitor-platform';
import { PageDate } from '../../page-kit/page-date';
import { isPortrait } from '../../components/media-image';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageContainer, RichText } from '../../components/page';
import { SpriteIcon } from '../../components/sprite-icon';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton, SkeletonLines } from '../../components/ui/skeleton';
import { AppIcon } from '../../features/apps/app-card';
import { useAppPageLinks } from '../../features/app-privacy/api';
import { appSlugOf, useAppBySlug } from '../../features/apps/api';
import { StatusBadge } from '../../features/apps/status-badge';
import { AccessibilitySection, AgeRatingsSection } from './app-ratings-sections';
import { formatPrice } from '../../features/apps/price';
import { appStores, StoreBadges } from '../../features/apps/store-badges';
import { STORE_WORDS, statusLabel, storeBadgeWords } from '../../page-kit/app-words';
import { useAppBlogs } from '../../features/blogs/api';
import { Island } from '../../islands/island';
import ScreenshotGallery from '../../islands/screenshot-gallery';
import Trailer, { type TrailerProps } from '../../islands/trailer';
import { AppNotFound, appNotFoundHead } from './app-blogs';
import { definePublicPage } from '../../page-kit/public-page';
import { useT, type Translate } from '../../page-kit/messages';
import { useLocale } from '../../page-kit/locale';
import { useIntl } from 'react-intl';
import { appSubpageReads, pageApp } from '../../page-kit/app-subpage';
import { appleAppIdOf, googlePlayPackageOf } from '../../../shared/store-links';
import { WhatsNew } from './app-whats-new';

/** Latest posts shown on the page. */
const LATEST_POSTS = 3;

const FOLLOW: {
  field: 'twitterLink' | 'instagramLink' | 'facebookLink' | 'githubRepoLink';
  label: string;
  icon: SpriteIconName;
}[] = [
  { field: 'twitterLink', label: 'X (Twitter)', icon: 'x-twitter' },
  { field: 'instagramLink', label: 'Instagram', icon: 'instagram' },
  { field: 'facebookLink', label: 'Facebook', icon: 'facebook' },
  { field: 'githubRepoLink', label: 'GitHub', icon: 'github' },
];

/** Links to get the app other than the two stores: the browser version, a wishlist, a pre-order. */
function otherActions(app: App, t: Translate): { href: string; label: string }[] {
  return [
    app.webAppLink && {
      href: app.webAppLink,
      label: app.kind === 'game' ? t('appPage.playInBrowser') : t('appPage.openInBrowser'),
    },
    app.wishlistLink && { href: app.wishlistLink, label: t('appPage.addToWishlist') },
    app.preOrderLink && { href: app.preOrderLink, label: t('appPage.preOrder') },
    app.preRegisterLink &&
      app.preRegisterLink !== app.googlePlayLink && { href: app.preRegisterLink, label: t('appPage.preRegister') },
  ].filter((a): a is { href: string; label: string } => Boolean(a));
}

function PageSkeleton() {
  return (
    <PageContainer>
      <div aria-busy="true" aria-label="Loading the app" className="space-y-8">
        <div className="flex items-center gap-6">
          <Skeleton className="size-28 rounded-3xl" />
          <SkeletonLines className="flex-1 space-y-3" lines={['h-10 w-1/2', 'h-5 w-3/4']} />
        </div>
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    </PageContainer>
  );
}

/** An app's page (issue 13): its tagline or description, the X App Card, the Smart App Banner, its feed. */
function appPageHead(site: SiteInfo, app: App): HeadData {
  const iphone = appleAppIdOf(app);
  const googlePlay = googlePlayPackageOf(app);
  // The card's "open" address: this page, when the app claims the site's links (universal links, app links).
  const opens = app.appLinkPaths.length > 0 ? abs(site, paths.app(app.slug)) : undefined;
  return {
    title: `${app.title}${app.tagline ? `: ${app.tagline}` : ''} | ${site.name}`,
    description: truncate(app.description, 160),
    path: paths.app(app.slug),
    appId: app.id,
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

export default function AppPage() {
  const { appKey } = useParams();
  // An app's id is redirected to its slug on the server; one still here is not (or no longer) visible.
  const app = useAppBySlug(appKey);
  if (!appSlugOf(appKey) || app.isError) return <AppNotFound />;
  if (app.isPending) return <PageSkeleton />;
  return <AppDetails app={app.data} />;
}

function AppDetails({ app }: { app: App }) {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const stores = appStores(app, useVisitorPlatform());
  useFooterNotes(stores.map((s) => t(STORE_WORDS[s.store].trademark)));
  const actions = otherActions(app, t);
  const platforms = app.platforms.filter((p): p is Platform => p in PLATFORM_NAMES);
  const follow = FOLLOW.filter((f) => app[f.field]);
  const shots = app.screenshots.map((src, i) => ({
    src,
    alt: t('appPage.screenshotAlt', { app: app.title, n: i + 1 }),
    portrait: isPortrait(src),
  }));
  const trailer: TrailerProps | null =
    app.trailerId && (app.trailerProvider === 'youtube' || app.trailerProvider === 'vimeo')
      ? { provider: app.trailerProvider, id: app.trailerId, title: app.title, poster: app.screenshots[0] ?? null }
      : null;
  // The day it came out, as the page's language writes a date (English: the spec's "May 14, 2025").
  const releaseDay = (value: string) =>
    locale.code === 'en'
      ? formatLongUs(value)
      : intl.formatDate(new Date(`${value.slice(0, 10)}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  const release = app.comingSoon ? t('appPage.comingSoon') : app.releaseDate ? releaseDay(app.releaseDate) : null;
  const facts: [string, React.ReactNode][] = [
    [t('appPage.price'), formatPrice(app, { locale: locale.code, free: t('appPage.free') })],
    ...(release ? [[app.comingSoon ? t('appPage.release') : t('appPage.released'), release] as [string, string]] : []),
    ...(platforms.length
      ? [[t('appPage.platforms'), platforms.map((p) => PLATFORM_NAMES[p]).join(', ')] as [string, string]]
      : []),
    ...(app.category
      ? [[app.kind === 'game' ? t('appPage.genre') : t('appPage.category'), app.category] as [string, string]]
      : []),
    // The free-text rating (the spec's field) when no rating system's is given (issue 25: those have their section).
    ...(app.ageRating && app.ratings.length === 0 ? [[t('appPage.ageRating'), app.ageRating] as [string, string]] : []),
  ];

  return (
    <PageContainer className="space-y-14">
      <Breadcrumb
        label={t('breadcrumb.label')}
        trail={[{ label: t('nav.home'), href: paths.home }, { label: app.title }]}
      />

      <header className="-mt-8 grid gap-8 lg:grid-cols-[1fr_18rem] lg:items-start">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <AppIcon
            app={app}
            size={112}
            fetchPriority="high"
            className="size-24 shrink-0 rounded-3xl border bg-muted object-cover shadow-md sm:size-28"
          />
          <div className="min-w-0 space-y-4">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={app.status} label={statusLabel(t, app.status)} />
              <Badge variant="secondary">{app.kind === 'game' ? t('appPage.game') : t('appPage.app')}</Badge>
            </div>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{app.title}</h1>
            <p className="max-w-2xl text-lg text-muted-foreground">{app.tagline || app.description}</p>
            {(stores.length > 0 || actions.length > 0) && (
              <div className="flex flex-wrap items-center gap-x-6 gap-y-3 pt-2">
                <StoreBadges stores={stores} appTitle={app.title} words={storeBadgeWords(t, app.title)} />
                {actions.map((action) => (
                  <a
                    key={action.label}
                    href={action.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonVariants({ variant: 'outline', size: 'lg' })}
                  >
                    {action.label}
                    <span className="sr-only">{t('appPage.newTab')}</span>
                  </a>
                ))}
              </div>
            )}
            {listFor(app) && (
              <SubscribeBox app={app} form="app-page" className="mt-4 max-w-md rounded-xl border bg-card p-5" />
            )}
          </div>
        </div>
        <dl
          className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-xl border bg-card p-5 text-sm shadow-sm lg:grid-cols-1"
          aria-label={t('appPage.details')}
        >
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="mt-0.5 font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </header>

      {shots.length > 0 && (
        <section aria-labelledby="screenshots-heading" className="space-y-4">
          <h2 id="screenshots-heading" className="text-2xl font-bold tracking-tight">
            {t('appPage.screenshots')}
          </h2>
          <Island
            name="screenshot-gallery"
            component={ScreenshotGallery}
            props={{ title: app.title, shots }}
            messages={['gallery']}
          />
        </section>
      )}

      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-12">
          {trailer && (
            <section aria-labelledby="trailer-heading" className="space-y-4">
              <h2 id="trailer-heading" className="text-2xl font-bold tracking-tight">
                {t('appPage.trailer')}
              </h2>
              <Island name="trailer" component={Trailer} props={trailer} messages={['trailer']} />
            </section>
          )}
          <section aria-labelledby="about-heading" className="space-y-4">
            <h2 id="about-heading" className="text-2xl font-bold tracking-tight">
              {t('appPage.about', { app: app.title })}
            </h2>
            {app.longDescription ? (
              <RichText html={app.longDescription} className="max-w-prose" />
            ) : (
              <p className="max-w-prose text-muted-foreground">{app.description}</p>
            )}
          </section>
          <AgeRatingsSection app={app} />
          <AccessibilitySection app={app} />
        </div>
        <aside className="space-y-10">
          <WhatsNew app={app} />
          <LatestPosts app={app} />
          <PlayerLinks app={app} />
          {follow.length > 0 && (
            <section aria-labelledby="follow-heading" className="space-y-3">
              <h2 id="follow-heading" className="text-lg font-semibold">
                {t('appPage.follow', { app: app.title })}
              </h2>
              <ul className="flex flex-wrap gap-2">
                {follow.map((f) => (
                  <li key={f.field}>
                    <a
                      href={app[f.field]!}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonVariants({ variant: 'outline', size: 'sm' })}
                    >
                      <SpriteIcon name={f.icon} />
                      {f.label}
                      <span className="sr-only">{t('appPage.newTab')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>
    </PageContainer>
  );
}

/** The characters of a post's excerpt the side column's two lines can show. */
const SIDEBAR_EXCERPT = 100;

function LatestPosts({ app }: { app: App }) {
  const t = useT();
  const posts = useAppBlogs(app.id);
  const latest = (posts.data ?? []).filter((p) => p.isPublished).slice(0, LATEST_POSTS);
  return (
    <section aria-labelledby="posts-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="posts-heading" className="text-lg font-semibold">
          {t('appPage.latestPosts')}
        </h2>
        <a
          href={paths.appRss(app.id)}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <SpriteIcon name="rss" className="size-4" />
          RSS<span className="sr-only">{t('appPage.rssFeed', { app: app.title })}</span>
        </a>
      </div>
      {posts.isPending ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : posts.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          {t('appPage.postsFailed')}
        </p>
      ) : latest.length === 0 ? (
        <p className="rounded-xl border border-dashed p-5 text-sm text-muted-foreground">
          {t('appPage.noPosts', { app: app.title })}
        </p>
      ) : (
        <ul className="space-y-3">
          {latest.map((post) => (
            <li key={post.id}>
              <article className="rounded-xl border bg-card p-4 shadow-sm transition-shadow hover:shadow-md">
                {post.publishedAt && <PageDate iso={post.publishedAt} className="text-xs text-muted-foreground" />}
                <h3 className="mt-1 font-semibold leading-snug">
                  <Link to={paths.readablePost(post)} className="hover:text-primary">
                    {post.title}
                  </Link>
                </h3>
                {/* Two lines of a narrow column: no more is sent than it can show. */}
                <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
                  {truncate(post.excerpt || excerpt(post.content, SIDEBAR_EXCERPT), SIDEBAR_EXCERPT)}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {latest.length > 0 && (
        <Link
          to={paths.appBlogs(app.id)}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          {t('appPage.allPosts', { app: app.title })}
          <SpriteIcon name="arrow-right" className="size-4" />
        </Link>
      )}
    </section>
  );
}

/**
 * The app's own pages (issue 14): its privacy policy, account deletion (when the app has accounts),
 * support and press kit, from what the server found in their tables.
 */
function PlayerLinks({ app }: { app: App }) {
  const t = useT();
  const links = useAppPageLinks(app.id);
  if (!links.data) return null;
  const items = [
    links.data.privacyPolicy && { href: paths.appPrivacy(app.slug), label: t('appPage.privacyPolicy'), icon: 'shield' },
    links.data.accountDeletion && {
      href: paths.appDeleteAccount(app.slug),
      label: t('appPage.deleteAccount'),
      icon: 'user-x',
    },
    links.data.support && { href: paths.appSupport(app.slug), label: t('appPage.support'), icon: 'life-buoy' },
    links.data.pressKit && { href: paths.appPress(app.slug), label: t('appPage.pressKit'), icon: 'newspaper' },
  ].filter((item): item is { href: string; label: string; icon: SpriteIconName } => Boolean(item));
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="player-links-heading" className="space-y-3">
      <h2 id="player-links-heading" className="text-lg font-semibold">
        {t('appPage.forPlayers')}
      </h2>
      <ul className="divide-y rounded-xl border bg-card text-sm shadow-sm">
        {items.map(({ href, label, icon }) => (
          <li key={href}>
            <a href={href} className="flex items-center gap-3 px-4 py-3 hover:bg-muted/60 hover:text-primary">
              <SpriteIcon name={icon} className="size-4 text-muted-foreground" />
              {label}
              <SpriteIcon name="arrow-right" className="ml-auto size-4 text-muted-foreground" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An app's page: by its slug; by its id, a permanent move to its slug (hidden apps: not found). */
export const appPage = definePublicPage({
  paths: ['/apps/:appKey'],
  variesByPlatform: true,
  ...appSubpageReads(paths.app, (id) => [api.appBlogs(id), api.appPageLinks(id), api.appReleases(id)]),
  head: ({ site, params, data, t }) => {
    const app = pageApp(params, data);
    return app ? appPageHead(site, app) : appNotFoundHead(site, t);
  },
  element: <AppPage />,
});

import { FALLBACK_FEATURED_TITLE, HOME_SKELETON_CARDS } from '../../../shared/constants';
import { useSite, type SiteInfo } from '../../page-kit/site-context';
import { AppCard, AppCardSkeleton, AppIcon } from '../../features/apps/app-card';
import { useApps, useBlogCounts } from '../../features/apps/api';
import { useHomeContent } from '../../features/pages/api';
import type { HeadData } from '../../page-kit/head';
import { definePublicPage, reads } from '../../page-kit/public-page';
import { api, paths } from '../../../shared/paths';
import type { HomeContent } from '../../../shared/schemas/site-content';
import { truncate } from '../../../shared/text';
import { useT, type Translate } from '../../page-kit/messages';
import { appCardWords } from '../../page-kit/app-words';
import { SubscribeBox } from '../../page-kit/subscribe-box';

function homeHead(site: SiteInfo, t: Translate, home: HomeContent | null): HeadData {
  const title = home?.heroTitle ? `${home.heroTitle} | ${site.name}` : t('home.title', { site: site.name });
  const description = home?.heroContent || t('home.description', { site: site.name });
  return {
    title,
    description: truncate(description, 160),
    path: paths.home,
    feeds: [{ title: `${site.name} blog`, href: paths.rss }],
  };
}

export default function HomePage() {
  const t = useT();
  const site = useSite();
  const home = useHomeContent();
  const apps = useApps();
  // The hero's collage: the featured apps in their order, else the first ones.
  const featured = apps.data?.filter((app) => app.isFeatured) ?? [];
  const collage = (featured.length > 0 ? featured : (apps.data ?? [])).slice(0, 4);
  const counts = useBlogCounts();
  const content = home.data;
  const title = content?.heroTitle || site.name;

  return (
    <>
      <section className="relative overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_20%_-10%,color-mix(in_oklch,var(--primary)_22%,transparent),transparent),radial-gradient(40rem_24rem_at_90%_10%,color-mix(in_oklch,var(--primary)_12%,transparent),transparent)]"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1fr_auto]">
          <div>
            <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {title}
            </h1>
            {content?.heroSubtitle && (
              <p className="mt-4 max-w-2xl text-lg font-medium text-primary sm:text-xl">{content.heroSubtitle}</p>
            )}
            {content?.heroContent && (
              <p className="mt-4 max-w-2xl text-base leading-relaxed text-muted-foreground sm:text-lg">
                {content.heroContent}
              </p>
            )}
          </div>
          {collage.length > 0 && (
            <div aria-hidden="true" className="hidden rotate-3 grid-cols-2 gap-4 lg:grid">
              {collage.map((app, i) => (
                <AppIcon
                  key={app.id}
                  app={app}
                  size={112}
                  decorative
                  className={`size-28 rounded-3xl border bg-muted object-cover shadow-xl ${i % 2 ? 'translate-y-6' : ''}`}
                />
              ))}
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="featured-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="mb-8 max-w-2xl">
          <h2 id="featured-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {content?.featuredAppTitle || FALLBACK_FEATURED_TITLE}
          </h2>
          {content?.ctaText && <p className="mt-2 text-muted-foreground">{content.ctaText}</p>}
        </div>
        {apps.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('home.loadingApps')}>
            {Array.from({ length: HOME_SKELETON_CARDS }, (_, i) => (
              <AppCardSkeleton key={i} />
            ))}
          </div>
        ) : apps.isError ? (
          <p role="alert" className="rounded-lg border border-destructive/40 p-6 text-center text-muted-foreground">
            {t('home.appsFailed')}
          </p>
        ) : apps.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">{t('home.noApps')}</p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {apps.data.map((app, i) => (
              <AppCard
                key={app.id}
                app={app}
                postCount={counts.data?.[String(app.id)] ?? 0}
                eager={i < 3}
                priority={i === 0}
                words={appCardWords(t, app)}
              />
            ))}
          </div>
        )}
        {apps.data && apps.data.length > 0 && (
          <p className="mt-8 text-center">
            <a href={paths.apps} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('catalogue.seeAll')}
            </a>
          </p>
        )}
      </section>
      {/* The studio's newsletter at the foot of the home page (issue 26). */}
      <div className="mx-auto max-w-6xl px-4 pb-14 sm:px-6">
        <SubscribeBox form="footer" />
      </div>
    </>
  );
}

export const homePage = definePublicPage({
  paths: [paths.home],
  reads: () => reads([api.homeContent], [api.apps, api.blogCounts]),
  head: ({ site, t, data }) => homeHead(site, t, data.getQueryData<HomeContent | null>([api.homeContent]) ?? null),
  element: <HomePage />,
});

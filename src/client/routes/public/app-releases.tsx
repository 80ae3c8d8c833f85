// An app's release notes (issue 26), at /apps/{slug}/releases (and /{locale}/apps/{slug}/releases):
// every version, newest first, with its day, platforms and "What's new". Static HTML, no island; its
// Atom feed is /apps/{slug}/releases.xml. In another language it shows the versions published in it,
// and is not found where none is (no silent fallback: ssr/alternates.ts).
import { useParams } from 'react-router';
import { api, paths } from '../../../shared/paths';
import type { PublicRelease } from '../../../shared/schemas/app-releases';
import { PLATFORM_NAMES, type App, type Platform } from '../../../shared/schemas/apps';
import { truncate } from '../../../shared/text';
import type { HeadData } from '../../page-kit/head';
import { useT, type Translate } from '../../page-kit/messages';
import type { SiteInfo } from '../../page-kit/site-context';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageContainer, PageSkeleton } from '../../components/page';
import { AppIcon } from '../../features/apps/app-card';
import { appSlugOf, useAppBySlug } from '../../features/apps/api';
import { appReleasesQuery, usePublicReleases } from '../../features/app-releases/api';
import { useReleaseDay } from './release-day';
import { AppNotFound, appNotFoundHead } from './app-blogs';
import { appSubpageReads, appTrail, pageApp } from '../../page-kit/app-subpage';
import { definePublicPage } from '../../page-kit/public-page';
import { SpriteIcon } from '../../components/sprite-icon';

/** The anchor of a version on the page (the feed's entries link to it). */
const anchor = (release: Pick<PublicRelease, 'id'>) => `release-${release.id}`;

function releasesHead(site: SiteInfo, app: App, t: Translate): HeadData {
  const names = { app: app.title, site: site.name };
  return {
    title: `${t('releases.title', names)} | ${site.name}`,
    description: truncate(t('releases.description', names), 160),
    path: paths.appReleases(app.slug),
    appId: app.id,
    feeds: [
      {
        title: t('releases.title', names),
        href: paths.appReleasesFeed(app.slug),
        type: 'application/atom+xml',
      },
    ],
  };
}

export function AppReleasesPage() {
  const { appKey } = useParams();
  const found = useAppBySlug(appKey);
  const app = found.data;
  const releases = usePublicReleases(app?.id ?? 0);
  if (!appSlugOf(appKey) || found.isError || releases.isError) return <AppNotFound />;
  if (!app || !releases.data) return <PageSkeleton lines={['h-4 w-48', 'h-12 w-2/3', 'h-32 w-full']} />;
  return <Releases app={app} releases={releases.data} />;
}

function Releases({ app, releases }: { app: App; releases: PublicRelease[] }) {
  const t = useT();
  const day = useReleaseDay();
  const names = { app: app.title };
  return (
    <PageContainer narrow>
      <Breadcrumb label={t('breadcrumb.label')} trail={appTrail(t('nav.home'), app, { label: t('releases.crumb') })} />
      <div className="mt-6 flex items-center gap-4">
        <AppIcon
          app={app}
          size={64}
          decorative
          className="size-14 shrink-0 rounded-2xl border bg-muted object-cover shadow-sm sm:size-16"
        />
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          {t('releases.title', names)}
        </h1>
      </div>
      <p className="mt-6">
        <a
          href={paths.appReleasesFeed(app.slug)}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <SpriteIcon name="rss" className="size-4" />
          Atom<span className="sr-only">{t('releases.feed', names)}</span>
        </a>
      </p>
      {releases.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed p-5 text-sm text-muted-foreground">
          {t('releases.empty', names)}
        </p>
      ) : (
        <ol className="mt-8 space-y-6">
          {releases.map((release) => {
            const platforms = release.platforms
              .filter((p): p is Platform => p in PLATFORM_NAMES)
              .map((p) => PLATFORM_NAMES[p])
              .join(', ');
            return (
              <li key={release.id} id={anchor(release)}>
                <article
                  aria-labelledby={`${anchor(release)}-heading`}
                  className="rounded-xl border bg-card p-6 shadow-sm"
                >
                  <h2 id={`${anchor(release)}-heading`} className="text-xl font-semibold">
                    {t('releases.version', { version: release.version })}
                  </h2>
                  <p className="mt-1 text-sm text-muted-foreground">
                    <time dateTime={release.releasedOn}>{day(release.releasedOn)}</time>
                    {platforms && ` · ${platforms}`}
                  </p>
                  {release.notes && <p className="mt-3 whitespace-pre-line">{release.notes}</p>}
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </PageContainer>
  );
}

export const appReleasesPage = definePublicPage({
  paths: ['/apps/:appKey/releases'],
  ...appSubpageReads(paths.appReleases, (id) => [api.appReleases(id)]),
  head: ({ site, params, data, t }) => {
    const app = pageApp(params, data);
    const releases = app && data.getQueryData<PublicRelease[]>(appReleasesQuery(app.id).queryKey);
    return app && releases ? releasesHead(site, app, t) : appNotFoundHead(site, t);
  },
  element: <AppReleasesPage />,
});

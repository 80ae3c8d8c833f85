// The catalogue (issue 25 item 3, decision 116): every visible app at /apps, filtered by platform,
// status, kind, category and accessibility tag, in the staff's order or newest release first. Each
// view is its own server-rendered address (`/apps?platform=android&status=live`); only the bare
// /apps is indexed.
import { APP_STATUSES } from '../../../shared/constants';
import { api, paths } from '../../../shared/paths';
import type { MessageKey } from '../../../shared/messages';
import {
  CATALOGUE_PARAMS,
  catalogueApps,
  catalogueHref,
  catalogueOptions,
  catalogueQueryOf,
  isFiltered,
  statusSlug,
  type CatalogueFilter,
  type CatalogueOption,
  type CatalogueQuery,
} from '../../../shared/schemas/app-catalogue';
import { PLATFORM_NAMES, type App, type Platform } from '../../../shared/schemas/apps';
import { useSearchParams } from 'react-router';
import { PageContainer, PageSkeleton } from '../../components/page';
import { appsQuery, useApps, useBlogCounts } from '../../features/apps/api';
import { AppCard } from '../../features/apps/app-card';
import {
  CatalogueFilters,
  CatalogueSortLinks,
  ChosenFilters,
  type CatalogueWords,
} from '../../features/apps/catalogue';
import { appCardWords, statusLabel } from '../../page-kit/app-words';
import type { HeadData } from '../../page-kit/head';
import { ItemNotFound, itemNotFoundHead } from '../../page-kit/item-not-found';
import { useT, type Translate } from '../../page-kit/messages';
import { definePublicPage, reads } from '../../page-kit/public-page';
import type { SiteInfo } from '../../page-kit/site-context';
import { useSite } from '../../page-kit/site-context';
import { Link } from 'react-router';

/** An option's name in the page's language (platforms by their own names; categories as staff wrote them). */
function optionName(t: Translate, filter: CatalogueFilter, option: CatalogueOption): string {
  switch (filter) {
    case 'platform':
      return option.value === 'web'
        ? t('catalogue.platformWeb')
        : (PLATFORM_NAMES[option.value as Platform] ?? option.value);
    case 'status': {
      const status = APP_STATUSES.find((s) => statusSlug(s) === option.value);
      return status ? statusLabel(t, status) : option.value;
    }
    case 'kind':
      return option.value === 'game' ? t('catalogue.kindGame') : t('catalogue.kindApp');
    case 'category':
      return option.label ?? option.value;
    case 'tag':
      return t(`a11yTag.${option.value}` as MessageKey);
  }
}

const catalogueWords = (t: Translate): CatalogueWords => ({
  filters: t('catalogue.filters'),
  showFilters: t('catalogue.showFilters'),
  heading: {
    platform: t('catalogue.platform'),
    status: t('catalogue.status'),
    kind: t('catalogue.kind'),
    category: t('catalogue.category'),
    tag: t('catalogue.tag'),
  },
  option: (filter, option) => optionName(t, filter, option),
  count: (count) => t('catalogue.count', { count }),
  chosen: t('catalogue.chosen'),
  remove: (name) => t('catalogue.remove', { filter: name }),
  clearAll: t('catalogue.clearAll'),
  sort: t('catalogue.sort'),
  sortName: { order: t('catalogue.sortOrder'), release: t('catalogue.sortRelease') },
});

/** The chosen filters' names, in the canonical order ('Android, Live'). */
function chosenNames(t: Translate, apps: App[], query: CatalogueQuery): string {
  const options = catalogueOptions(apps, query);
  return (Object.keys(options) as CatalogueFilter[])
    .flatMap((filter) => options[filter].filter((o) => o.value === query[filter]).map((o) => optionName(t, filter, o)))
    .join(', ');
}

function catalogueHead(site: SiteInfo, t: Translate, apps: App[], query: CatalogueQuery): HeadData {
  const filtered = isFiltered(query);
  const title = filtered
    ? t('catalogue.titleFiltered', { filters: chosenNames(t, apps, query) })
    : t('catalogue.title');
  return {
    title: `${title} | ${site.name}`,
    description: t('catalogue.description', { site: site.name }),
    path: catalogueHref(query),
    // Only the bare list is indexed: its filtered and sorted views are the same apps again (decision 116).
    noindex: filtered || query.sort === 'release',
  };
}

function CatalogueNotFound() {
  const t = useT();
  return (
    <ItemNotFound
      title={t('catalogue.noSuchFilter')}
      text={t('catalogue.noSuchFilterText')}
      back={{ to: paths.apps, label: t('catalogue.seeAll') }}
    />
  );
}

export default function AppsCataloguePage() {
  const t = useT();
  const site = useSite();
  const [search] = useSearchParams();
  const query = catalogueQueryOf(search);
  const apps = useApps();
  const counts = useBlogCounts();

  if (query === null) return <CatalogueNotFound />;
  if (apps.isError) {
    return (
      <PageContainer>
        <p role="alert" className="rounded-lg border border-destructive/40 p-6 text-center text-muted-foreground">
          {t('home.appsFailed')}
        </p>
      </PageContainer>
    );
  }
  if (apps.isPending) {
    return <PageSkeleton label={t('home.loadingApps')} lines={['h-10 w-48', 'h-4 w-2/3', 'h-64 w-full rounded-xl']} />;
  }
  const shown = catalogueApps(apps.data, query);
  const options = catalogueOptions(apps.data, query);
  const words = catalogueWords(t);

  return (
    <PageContainer>
      <header className="max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('catalogue.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('catalogue.subtitle', { site: site.name })}</p>
      </header>
      <ChosenFilters options={options} query={query} words={words} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <CatalogueFilters options={options} query={query} words={words} />
        <section aria-labelledby="catalogue-results">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="catalogue-results" className="text-lg font-semibold">
              {t('catalogue.results', { count: shown.length })}
            </h2>
            <CatalogueSortLinks query={query} words={words} />
          </div>
          {shown.length === 0 ? (
            <div className="mt-6 rounded-xl border border-dashed p-10 text-center">
              <p className="text-lg font-semibold">{isFiltered(query) ? t('catalogue.empty') : t('home.noApps')}</p>
              {isFiltered(query) && (
                <Link
                  to={catalogueHref({ sort: query.sort })}
                  className="mt-3 inline-block font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('catalogue.clearAll')}
                </Link>
              )}
            </div>
          ) : (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2" aria-labelledby="catalogue-results">
              {shown.map((app, i) => (
                <li key={app.id} className="grid">
                  <AppCard
                    app={app}
                    postCount={counts.data?.[String(app.id)] ?? 0}
                    eager={i < 2}
                    priority={i === 0}
                    words={appCardWords(t, app)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </PageContainer>
  );
}

/** A value that is no option at all (`?platform=xbox`) is not found; a view with no app is the empty state. */
export const appsCataloguePage = definePublicPage({
  paths: [paths.apps],
  search: CATALOGUE_PARAMS,
  reads: (_params, search) => (catalogueQueryOf(search) ? reads([api.apps], [api.blogCounts]) : reads([])),
  head: ({ site, t, search, data }) => {
    const query = catalogueQueryOf(search);
    const apps = data.getQueryData<App[]>(appsQuery().queryKey);
    if (!query || !apps) return itemNotFoundHead(site, t('catalogue.noSuchFilter'));
    return catalogueHead(site, t, apps, query);
  },
  element: <AppsCataloguePage />,
});

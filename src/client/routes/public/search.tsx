// Site search (issue 25, decision 117): /search?q= over the published apps, posts, support pages and
// About Us, in the page's language. A GET form and plain links (kinds of result, pages), so it works
// without JavaScript; never indexed (noindex).
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import {
  SEARCH_PAGE_MAX,
  SEARCH_TYPES,
  searchWords,
  type SearchReply,
  type SearchResult,
  type SearchType,
} from '../../../shared/schemas/search';
import type { MessageKey } from '../../../shared/messages';
import { PageContainer } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { searchQuery, useSearch, type SearchParams } from '../../features/search/api';
import { cx } from '../../lib/cx';
import type { HeadData } from '../../page-kit/head';
import { localePath, useLocale } from '../../page-kit/locale';
import { useT, type Translate } from '../../page-kit/messages';
import { PageDate } from '../../page-kit/page-date';
import { definePublicPage, reads } from '../../page-kit/public-page';
import type { SiteInfo } from '../../page-kit/site-context';
import { useSite } from '../../page-kit/site-context';
import { pillClass } from '../../components/ui/pill';

const TYPE_LABEL: Record<SearchType, MessageKey> = {
  apps: 'search.type.apps',
  posts: 'search.type.posts',
  support: 'search.type.support',
  about: 'search.type.about',
  releases: 'search.type.releases',
};

/** What an address asks for: the cleaned words, a known kind of result (else all), a page (else the first). */
export function searchParams(search: URLSearchParams): SearchParams {
  const q = searchWords(search.get('q') ?? '');
  const rawType = search.get('type');
  const type = (SEARCH_TYPES as readonly string[]).includes(rawType ?? '') ? (rawType as SearchType) : undefined;
  const rawPage = search.get('page') ?? '';
  const page = /^\d{1,4}$/.test(rawPage) ? Math.min(Math.max(Number(rawPage), 1), SEARCH_PAGE_MAX) : 1;
  return { q, type, page };
}

function searchHead(site: SiteInfo, t: Translate, { q, type, page }: SearchParams): HeadData {
  return {
    title: `${q ? t('search.resultsFor', { query: q }) : t('search.title')} | ${site.name}`,
    description: t('search.description', { site: site.name }),
    path: q ? paths.searchPage({ q, type, page }) : paths.search,
    noindex: true,
  };
}

/** A plain GET form: its action is written in the page's language (links inside the router get its basename). */
function SearchForm({ q, id = 'search-q' }: { q: string; id?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <form role="search" method="get" action={localePath(locale, paths.search)} className="flex flex-wrap gap-2">
      {/* No magnifier: the public stylesheet carries only the public pages' styles (and the button says Search). */}
      <Label htmlFor={id} className="sr-only">
        {t('search.label')}
      </Label>
      <Input id={id} type="search" name="q" defaultValue={q} maxLength={200} className="min-w-0 flex-1" />
      <button type="submit" className={buttonVariants()}>
        {t('search.submit')}
      </button>
    </form>
  );
}

/** The 404 page's way on: a search of the site. */
export function NotFoundSearch() {
  const t = useT();
  return (
    <section aria-labelledby="not-found-search" className="mx-auto mt-10 max-w-xl">
      <h2 id="not-found-search" className="mb-3 text-lg font-semibold">
        {t('search.notFoundHeading')}
      </h2>
      <SearchForm q="" id="not-found-q" />
    </section>
  );
}

function TypeFilter({ reply, params }: { reply: SearchReply; params: SearchParams }) {
  const t = useT();
  const all =
    reply.counts.apps + reply.counts.posts + reply.counts.support + reply.counts.about + reply.counts.releases;
  const links: { type?: SearchType; label: string; count: number }[] = [
    { label: t('search.all'), count: all },
    ...SEARCH_TYPES.filter((type) => reply.counts[type] > 0 || type === params.type).map((type) => ({
      type,
      label: t(TYPE_LABEL[type]),
      count: reply.counts[type],
    })),
  ];
  return (
    <nav aria-label={t('search.filter')} className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.type ?? 'all'}>
            <Link
              to={paths.searchPage({ q: params.q, type: link.type })}
              aria-current={link.type === params.type ? 'page' : undefined}
              className={pillClass(link.type === params.type)}
            >
              {link.label}
              <span className="text-xs opacity-75">{link.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ResultItem({ item }: { item: SearchResult }) {
  const t = useT();
  const title = item.type === 'support' ? t('search.supportOf', { app: item.title }) : item.title;
  return (
    <li>
      <article className="rounded-xl border bg-card p-5 shadow-sm">
        {(item.type === 'posts' && item.appTitle) || item.publishedAt ? (
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
            {item.type === 'posts' && item.appTitle && <span className="font-semibold">{item.appTitle}</span>}
            {item.publishedAt && <PageDate iso={item.publishedAt} />}
          </p>
        ) : null}
        <h3 className="mt-1 text-lg font-semibold text-balance">
          <Link to={item.path} className="hover:text-primary hover:underline">
            {title}
          </Link>
        </h3>
        {/* Escaped text with the matched words in <mark>, made on the server (modules/search/snippet.ts). */}
        {item.snippet && (
          <p className="mt-2 text-muted-foreground" dangerouslySetInnerHTML={{ __html: item.snippet }} />
        )}
      </article>
    </li>
  );
}

function Results({ reply, params }: { reply: SearchReply; params: SearchParams }) {
  const t = useT();
  const groups = SEARCH_TYPES.map((type) => ({ type, items: reply.items.filter((i) => i.type === type) })).filter(
    (group) => group.items.length > 0,
  );
  return (
    <div className="mt-8 space-y-10">
      {groups.map((group) => (
        <section key={group.type} aria-labelledby={`results-${group.type}`}>
          <h2 id={`results-${group.type}`} className="text-xl font-bold">
            {t(TYPE_LABEL[group.type])}
          </h2>
          <ul className="mt-4 space-y-4">
            {group.items.map((item) => (
              <ResultItem key={`${item.type}-${item.id ?? 0}`} item={item} />
            ))}
          </ul>
        </section>
      ))}
      <Pagination reply={reply} params={params} />
    </div>
  );
}

function Pagination({ reply, params }: { reply: SearchReply; params: SearchParams }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(reply.total / reply.pageSize));
  if (pages <= 1) return null;
  const to = (page: number) => paths.searchPage({ q: params.q, type: params.type, page });
  const step = cx(buttonVariants({ variant: 'outline' }), 'inline-flex items-center gap-1');
  const disabled = cx(step, 'pointer-events-none opacity-50');
  return (
    <nav aria-label={t('search.pagination')} className="flex items-center justify-between gap-4">
      {params.page > 1 ? (
        <Link to={to(params.page - 1)} rel="prev" aria-label={t('blogIndex.previousPage')} className={step}>
          <ArrowLeft aria-hidden="true" />
          {t('blogIndex.previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          <ArrowLeft aria-hidden="true" />
          {t('blogIndex.previous')}
        </span>
      )}
      <p className="text-sm text-muted-foreground">{t('blogIndex.pageOf', { page: params.page, pages })}</p>
      {params.page < pages ? (
        <Link to={to(params.page + 1)} rel="next" aria-label={t('blogIndex.nextPage')} className={step}>
          {t('blogIndex.next')}
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          {t('blogIndex.next')}
          <ArrowRight aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}

export default function SearchPage() {
  const t = useT();
  const site = useSite();
  const [search] = useSearchParams();
  const params = searchParams(search);
  const results = useSearch(params, params.q !== '');
  const reply = results.data;
  return (
    <PageContainer narrow>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('search.title')}</h1>
      <p className="mt-2 mb-6 text-muted-foreground">{t('search.description', { site: site.name })}</p>
      <SearchForm q={params.q} />
      {!params.q ? (
        <div className="mt-8 rounded-xl border border-dashed p-10 text-center">
          <p className="text-lg font-semibold">{t('search.emptyTitle')}</p>
          <p className="mt-1 text-muted-foreground">{t('search.emptyText')}</p>
        </div>
      ) : !reply ? null : (
        <>
          {reply.items.length > 0 && (
            <p className="mt-6 text-sm text-muted-foreground" role="status">
              {t('search.count', { count: reply.total, query: params.q })}
            </p>
          )}
          {reply.fuzzy && reply.items.length > 0 && <p className="mt-2 text-sm">{t('search.fuzzy')}</p>}
          {reply.counts.apps + reply.counts.posts + reply.counts.support + reply.counts.about + reply.counts.releases >
            0 && <TypeFilter reply={reply} params={params} />}
          {reply.items.length === 0 ? (
            <div className="mt-8 rounded-xl border border-dashed p-10 text-center" role="status">
              <p className="text-lg font-semibold">{t('search.noResults', { query: params.q })}</p>
              <p className="mt-1 text-muted-foreground">{t('search.noResultsText')}</p>
            </div>
          ) : (
            <Results reply={reply} params={params} />
          )}
        </>
      )}
    </PageContainer>
  );
}

export const searchPage = definePublicPage({
  paths: [paths.search],
  search: ['q', 'type', 'page'],
  reads: (_params, search) => {
    const params = searchParams(search);
    return params.q ? reads([searchQuery(params).queryKey[0]]) : reads([]);
  },
  head: ({ site, t, search }) => searchHead(site, t, searchParams(search)),
  element: <SearchPage />,
});

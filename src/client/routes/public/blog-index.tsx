// The blog index (issue 12): every published post across the apps, newest first, ten to a page,
// filtered by app. Paging and the filter are plain links, so the page works without JavaScript.
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EXCERPT_PUBLIC } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import { BLOG_INDEX_PAGE_SIZE, type PublicBlogPost } from '../../../shared/schemas/blog-posts';
import { excerpt, truncate } from '../../../shared/text';
import type { HeadData } from '../../page-kit/head';
import { ItemNotFound, itemNotFoundHead } from '../../page-kit/item-not-found';
import { useSite, type SiteInfo } from '../../page-kit/site-context';
import { PageDate } from '../../page-kit/page-date';
import { PageContainer, PageSkeleton } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { useApps, useBlogCounts, appsQuery, blogCountsQuery } from '../../features/apps/api';
import { useBlogIndex, blogIndexQuery } from '../../features/blogs/api';
import { ReadMoreLink } from '../../features/blogs/read-more-link';
import { cx } from '../../lib/cx';
import type { Page } from '../../lib/paged';
import { parseId } from '../../lib/params';
import { definePublicPage, reads } from '../../page-kit/public-page';
import { useT, type Translate } from '../../page-kit/messages';
import { pillClass } from '../../components/ui/pill';
import { SpriteIcon } from '../../components/sprite-icon';

/** The highest page the API serves. */
const MAX_PAGE = 100_000;

/** The page and app an address asks for (`?app=3&page=2`), or null when it cannot name any. */
export function blogIndexParams(search: URLSearchParams): { page: number; appId?: number } | null {
  const rawPage = search.get('page');
  const rawApp = search.get('app');
  const page = rawPage === null ? 1 : /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1 || page > MAX_PAGE) return null;
  if (rawApp === null) return { page };
  const appId = parseId(rawApp);
  return appId === null ? null : { page, appId };
}

function blogIndexHead(
  site: SiteInfo,
  t: Translate,
  { page, pages, app }: { page: number; pages: number; app?: App },
): HeadData {
  const what = app ? t('blogIndex.appBlog', { app: app.title }) : t('blogIndex.title');
  const paging = page > 1 ? t('blogIndex.paging', { page, pages }) : '';
  return {
    title: `${what}${paging} | ${site.name}`,
    description: app
      ? truncate(t('blogIndex.descriptionApp', { app: app.title, site: site.name }), 160)
      : t('blogIndex.description', { site: site.name }),
    path: paths.blogIndexPage(page, app?.id),
    feeds: [
      { title: `${site.name} blog`, href: paths.blogRss },
      ...(app ? [{ title: `${app.title} blog`, href: paths.appRss(app.id) }] : []),
    ],
  };
}

/** What the page shows of its reads: the app it is filtered by and the number of pages, or why it is not found. */
function shownIndex(
  query: { page: number; appId?: number },
  posts: Page<PublicBlogPost>,
  apps: App[],
): { app?: App; pages: number } | 'missing' | 'no-app' {
  const app = query.appId === undefined ? undefined : apps.find((a) => a.id === query.appId);
  if (query.appId !== undefined && !app) return 'no-app';
  const pages = Math.max(1, Math.ceil(posts.total / BLOG_INDEX_PAGE_SIZE));
  return query.page > pages ? 'missing' : { app, pages };
}

function IndexNotFound({ title, text }: { title: string; text: string }) {
  const t = useT();
  return <ItemNotFound title={title} text={text} back={{ to: paths.blogIndex, label: t('blogIndex.backToBlog') }} />;
}

function AppFilter({ apps, current }: { apps: App[]; current?: number }) {
  const t = useT();
  const counts = useBlogCounts().data;
  // Apps with published posts (all of them until the counts arrive), and the chosen one in any case.
  const shown = apps.filter((a) => a.id === current || !counts || (counts[String(a.id)] ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={t('blogIndex.filter')} className="mt-8">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={paths.blogIndex}
            aria-current={current === undefined ? 'page' : undefined}
            className={pillClass(current === undefined)}
          >
            {t('blogIndex.allApps')}
          </Link>
        </li>
        {shown.map((a) => (
          <li key={a.id}>
            <Link
              to={paths.blogIndexPage(1, a.id)}
              aria-current={a.id === current ? 'page' : undefined}
              className={pillClass(a.id === current)}
            >
              {a.title}
              {counts?.[String(a.id)] !== undefined && (
                <>
                  <span aria-hidden="true" className="text-xs opacity-75">
                    {counts[String(a.id)]}
                  </span>
                  <span className="sr-only">{t('blogIndex.postCount', { count: counts[String(a.id)]! })}</span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PostItem({ post }: { post: PublicBlogPost }) {
  const t = useT();
  const href = paths.readablePost(post);
  return (
    <li>
      <article className="rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {/* A studio post (issue 26) names the studio where an app post links its app. */}
          {post.appId === null ? (
            <span className="font-semibold text-primary">{t('studioNews.byline')}</span>
          ) : (
            <Link to={paths.appBlogs(post.appId)} className="font-semibold text-primary hover:underline">
              {post.appTitle}
            </Link>
          )}
          {post.publishedAt && (
            <>
              <span aria-hidden="true">·</span>
              <PageDate iso={post.publishedAt} />
            </>
          )}
        </div>
        <h2 className="mt-2 text-xl font-semibold text-balance">
          <Link to={href} className="hover:text-primary">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 text-muted-foreground">{post.excerpt || excerpt(post.content, EXCERPT_PUBLIC)}</p>
        <ReadMoreLink
          to={href}
          title={post.title}
          text={t('blog.readMore')}
          about={t('blog.readMoreAbout', { title: post.title })}
        />
      </article>
    </li>
  );
}

function Pagination({ page, pages, appId }: { page: number; pages: number; appId?: number }) {
  const t = useT();
  if (pages <= 1) return null;
  const step = 'inline-flex items-center gap-1';
  const disabled = cx(buttonVariants({ variant: 'outline' }), step, 'pointer-events-none opacity-50');
  return (
    <nav aria-label={t('blogIndex.pagination')} className="mt-10 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link
          to={paths.blogIndexPage(page - 1, appId)}
          rel="prev"
          aria-label={t('blogIndex.previousPage')}
          className={cx(buttonVariants({ variant: 'outline' }), step)}
        >
          <ArrowLeft aria-hidden="true" />
          {t('blogIndex.previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          <ArrowLeft aria-hidden="true" />
          {t('blogIndex.previous')}
        </span>
      )}
      <p className="text-sm text-muted-foreground">{t('blogIndex.pageOf', { page, pages })}</p>
      {page < pages ? (
        <Link
          to={paths.blogIndexPage(page + 1, appId)}
          rel="next"
          aria-label={t('blogIndex.nextPage')}
          className={cx(buttonVariants({ variant: 'outline' }), step)}
        >
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

function IndexSkeleton() {
  const t = useT();
  return (
    <PageSkeleton
      label={t('blogIndex.loading')}
      lines={['h-10 w-32', 'h-4 w-2/3', ...Array<string>(3).fill('h-40 w-full rounded-xl')]}
    />
  );
}

export default function BlogIndexPage() {
  const t = useT();
  const site = useSite();
  const [search] = useSearchParams();
  const query = blogIndexParams(search);
  const posts = useBlogIndex(query ?? { page: 1 }, query !== null);
  const apps = useApps();

  const missing = <IndexNotFound title={t('blogIndex.pageNotFound')} text={t('blogIndex.noSuchPage')} />;
  if (query === null || posts.isError || apps.isError) return missing;
  if (posts.isPending || apps.isPending) return <IndexSkeleton />;
  const shown = shownIndex(query, posts.data, apps.data);
  if (shown === 'missing') return missing;
  if (shown === 'no-app') return <IndexNotFound title={t('appNotFound.title')} text={t('appNotFound.text')} />;
  const { app, pages } = shown;
  const { items } = posts.data;

  return (
    <PageContainer narrow>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('blogIndex.title')}</h1>
          <p className="mt-2 text-muted-foreground">
            {app ? t('blogIndex.subtitleApp', { app: app.title }) : t('blogIndex.subtitle', { site: site.name })}
          </p>
        </div>
        <a
          href={paths.blogRss}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <SpriteIcon name="rss" className="size-4" />
          RSS
        </a>
      </header>
      <AppFilter apps={apps.data} current={app?.id} />
      {items.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed p-10 text-center">
          <p className="text-lg font-semibold">{t('blogIndex.empty')}</p>
          <p className="mt-1 text-muted-foreground">
            {app ? t('blogIndex.emptyApp', { app: app.title }) : t('blogIndex.emptyAll')}
          </p>
        </div>
      ) : (
        <ul
          className="mt-8 space-y-5"
          aria-label={app ? t('blogIndex.postsApp', { app: app.title }) : t('blogIndex.posts')}
        >
          {items.map((post) => (
            <PostItem key={post.id} post={post} />
          ))}
        </ul>
      )}
      <Pagination page={query.page} pages={pages} appId={app?.id} />
    </PageContainer>
  );
}

/** Which page and which app decide the status (a page past the last, an unknown app: not found). */
export const blogIndexPage = definePublicPage({
  paths: [paths.blogIndex],
  search: ['app', 'page'],
  reads: (_params, search) => {
    const query = blogIndexParams(search);
    return query
      ? reads([blogIndexQuery(query).queryKey, appsQuery().queryKey[0]], [blogCountsQuery().queryKey[0]])
      : reads([]);
  },
  head: ({ site, t, search, data }) => {
    const query = blogIndexParams(search);
    const posts = query ? data.getQueryData<Page<PublicBlogPost>>(blogIndexQuery(query).queryKey) : undefined;
    const apps = data.getQueryData<App[]>(appsQuery().queryKey);
    if (!query || !posts || !apps) return itemNotFoundHead(site, t('blogIndex.pageNotFound'));
    const shown = shownIndex(query, posts, apps);
    if (shown === 'missing') return itemNotFoundHead(site, t('blogIndex.pageNotFound'));
    if (shown === 'no-app') return itemNotFoundHead(site, t('appNotFound.title'));
    return blogIndexHead(site, t, { page: query.page, ...shown });
  },
  element: <BlogIndexPage />,
});

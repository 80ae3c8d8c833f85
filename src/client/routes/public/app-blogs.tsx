import { Link, useParams } from 'react-router';
import { EXCERPT_PUBLIC } from '../../../shared/constants';
import { paths, api } from '../../../shared/paths';
import { excerpt, truncate } from '../../../shared/text';
import type { HeadData } from '../../page-kit/head';
import { appStoreId } from '../../page-kit/seo';
import { ItemNotFound, itemNotFoundHead } from '../../page-kit/item-not-found';
import type { SiteInfo } from '../../page-kit/site-context';
import { PageDate } from '../../page-kit/page-date';
import { PageContainer } from '../../components/page';
import { Skeleton, SkeletonLines } from '../../components/ui/skeleton';
import { AppIcon } from '../../features/apps/app-card';
import { appQuery, useApp } from '../../features/apps/api';
import { useAppBlogs } from '../../features/blogs/api';
import { PostStatusBadge } from '../../features/blogs/post-status';
import { ReadMoreLink } from '../../features/blogs/read-more-link';
import { parseId } from '../../lib/params';
import { definePublicPage, reads } from '../../page-kit/public-page';
import type { App } from '../../../shared/schemas/apps';
import { useT, type Translate } from '../../page-kit/messages';
import { SpriteIcon } from '../../components/sprite-icon';

export const APP_NOT_FOUND = 'App Not Found';
export const APP_NOT_FOUND_TEXT = 'The app you are looking for does not exist or has been removed.';

/** An app that is not there, in the page's language (English: the texts above). */
export function AppNotFound() {
  const t = useT();
  return <ItemNotFound title={t('appNotFound.title')} text={t('appNotFound.text')} />;
}

export const appNotFoundHead = (site: SiteInfo, t?: Translate) =>
  itemNotFoundHead(site, t ? t('appNotFound.title') : APP_NOT_FOUND);

function ListSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading blog posts" className="space-y-6">
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-2xl" />
        <SkeletonLines className="flex-1 space-y-2" lines={['h-8 w-1/2', 'h-4 w-3/4']} />
      </div>
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-40 w-full rounded-xl" />
      ))}
    </div>
  );
}

function appBlogsHead(site: SiteInfo, app: App): HeadData {
  return {
    title: `${app.title} Blog | ${site.name}`,
    description: truncate(`News, devlogs and updates about ${app.title}. ${app.description}`, 160),
    path: paths.appBlogs(app.id),
    appId: app.id,
    appStoreId: appStoreId(app),
    feeds: [{ title: `${app.title} blog`, href: paths.appRss(app.id) }],
  };
}

export default function AppBlogsPage() {
  const t = useT();
  const appId = parseId(useParams().appId);
  // A non-numeric id is never sent to the server.
  const app = useApp(appId ?? 0, appId !== null);
  const posts = useAppBlogs(appId ?? 0, appId !== null);

  if (appId === null || app.isError) return <AppNotFound />;
  if (app.isPending) {
    return (
      <PageContainer narrow>
        <ListSkeleton />
      </PageContainer>
    );
  }
  const a = app.data;
  return (
    <PageContainer narrow>
      <Link
        to={paths.home}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <SpriteIcon name="arrow-left" className="size-4" />
        Back to Home
      </Link>
      <header className="mt-6 flex items-center gap-5">
        <AppIcon app={a} size={80} className="size-20 shrink-0 rounded-2xl border bg-muted object-cover shadow-sm" />
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{a.title}</h1>
          <p className="mt-1 text-muted-foreground">{a.description}</p>
        </div>
      </header>
      <div className="mt-10 flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold">{t('appBlogs.posts')}</h2>
        <a
          href={paths.appRss(a.id)}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <SpriteIcon name="rss" className="size-4" />
          RSS
        </a>
      </div>
      {posts.isPending ? (
        <SkeletonLines
          className="mt-6 space-y-4"
          label={t('blogIndex.loading')}
          lines={['h-40 w-full rounded-xl', 'h-40 w-full rounded-xl']}
        />
      ) : posts.isError ? (
        <p role="alert" className="mt-6 text-muted-foreground">
          {t('appBlogs.failed')}
        </p>
      ) : posts.data.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed p-10 text-center">
          <p className="text-lg font-semibold">{t('blogIndex.empty')}</p>
          <p className="mt-1 text-muted-foreground">{t('appBlogs.emptyText', { app: a.title })}</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-5">
          {posts.data.map((post) => (
            <li key={post.id}>
              <article className="rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  {post.publishedAt ? (
                    <PageDate iso={post.publishedAt} className="text-sm text-muted-foreground" />
                  ) : (
                    <span />
                  )}
                  <PostStatusBadge
                    isPublished={post.isPublished}
                    labels={{ published: t('status.published'), draft: t('status.draft') }}
                  />
                </div>
                <h3 className="mt-2 text-xl font-semibold">
                  <Link to={paths.blogPost(post.id)} className="hover:text-primary">
                    {post.title}
                  </Link>
                </h3>
                <p className="mt-2 text-muted-foreground">{excerpt(post.content, EXCERPT_PUBLIC)}</p>
                <ReadMoreLink
                  to={paths.blogPost(post.id)}
                  title={post.title}
                  text={t('blog.readMore')}
                  about={t('blog.readMoreAbout', { title: post.title })}
                />
              </article>
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}

export const appBlogsPage = definePublicPage({
  paths: ['/apps/:appId/blogs'],
  reads: ({ appId }) => {
    const id = parseId(appId);
    return id ? reads([api.app(id)], [api.appBlogs(id)]) : reads([]);
  },
  head: ({ site, params, data, t }) => {
    const id = parseId(params.appId);
    const app = id ? data.getQueryData<App>(appQuery(id).queryKey) : undefined;
    return app ? appBlogsHead(site, app) : appNotFoundHead(site, t);
  },
  element: <AppBlogsPage />,
});
